import { z } from 'zod';
import { op } from './define';

/** What the app does before its workspace opens, for the screen shown meanwhile. */
export const StartupState = z.object({
  /** The workspace whose cache is being brought up to date for this version of Formdesk. */
  updating: z.object({ workspaceName: z.string() }).nullable(),
});
export type StartupState = z.infer<typeof StartupState>;

export const startupOps = {
  /** Answered by the shell's own thread, also while the core is busy opening the workspace. */
  'app.startup': op(z.strictObject({}), StartupState),
};
