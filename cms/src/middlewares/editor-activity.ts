import { noteEditorRequest } from '../portal/editor-activity';

/** Notes when editors work on public content in the admin (portal/editor-activity.ts says why). */
export default () => {
  return async (
    ctx: { path: string; status: number; state: { auth?: { strategy?: { name?: string } } } },
    next: () => Promise<unknown>,
  ) => {
    await next();
    noteEditorRequest(ctx.path, ctx.status, ctx.state.auth?.strategy?.name === 'admin');
  };
};
