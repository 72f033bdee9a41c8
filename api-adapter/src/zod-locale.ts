import { z } from 'zod';

// Validation messages in Chinese by default; the contract overrides them with the spec's exact wording where it has
// one. Set once by the app (app.ts), never by the contract, so that importing the contract changes nothing.
z.config(z.locales.zhCN());
