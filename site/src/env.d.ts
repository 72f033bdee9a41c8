import type { PreviewPage } from '@feiyi/contract';

declare global {
  namespace App {
    interface Locals {
      /** The editors' preview: set by the API adapter after checking the signed address (api-adapter/src/preview/). */
      preview?: PreviewPage;
    }
  }
}
