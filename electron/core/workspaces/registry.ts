import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { AssistantAccess, KeyStorage } from '../../shared/contract/workspaces';
import { AppError } from '../../shared/errors';
import { readJsonFile, writeFileAtomic } from '../files/atomicFile';

/** A workspace as stored on disk: everything but its key, which lives in the key vault. */
export const WorkspaceRecord = z.object({
  // Ids name folders under the data dir: nothing that could climb out of it.
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  name: z.string(),
  kind: z.enum(['demo', 'remote']),
  baseUrl: z.string(),
  keyStorage: KeyStorage,
  createdAt: z.string(),
  /** Absent until first set: the workspace's kind then decides (`assistantAccessOf`). */
  assistants: AssistantAccess.optional(),
});
export type WorkspaceRecord = z.infer<typeof WorkspaceRecord>;

const RegistryFile = z.object({
  version: z.literal(1),
  currentId: z.string().nullable(),
  workspaces: z.array(WorkspaceRecord),
});
type RegistryFile = z.infer<typeof RegistryFile>;

export const DEMO_WORKSPACE_ID = 'demo';

/** The list of workspaces and which one was open last, kept in `<dataDir>/workspaces.json`. */
export class WorkspaceRegistry {
  private readonly file: string;
  private state: RegistryFile;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'workspaces.json');
    this.state = this.load();
  }

  all(): WorkspaceRecord[] {
    return this.state.workspaces.map((w) => ({ ...w }));
  }

  get(id: string): WorkspaceRecord | undefined {
    const found = this.state.workspaces.find((w) => w.id === id);
    return found && { ...found };
  }

  require(id: string): WorkspaceRecord {
    const found = this.get(id);
    if (!found) throw new AppError('NOT_FOUND', 'That workspace no longer exists.');
    return found;
  }

  get currentId(): string | null {
    return this.state.currentId;
  }

  add(fields: Omit<WorkspaceRecord, 'id' | 'createdAt'> & { id?: string }): WorkspaceRecord {
    const record: WorkspaceRecord = {
      ...fields,
      id: fields.id ?? randomUUID(),
      createdAt: new Date().toISOString(),
    };
    this.change((state) => ({ ...state, workspaces: [...state.workspaces, record] }));
    return { ...record };
  }

  update(
    id: string,
    changes: Partial<Pick<WorkspaceRecord, 'name' | 'baseUrl' | 'keyStorage' | 'assistants'>>,
  ): WorkspaceRecord {
    let updated: WorkspaceRecord | undefined;
    this.change((state) => ({
      ...state,
      workspaces: state.workspaces.map((w) => (w.id === id ? (updated = { ...w, ...changes }) : w)),
    }));
    if (!updated) throw new AppError('NOT_FOUND', 'That workspace no longer exists.');
    return { ...updated };
  }

  remove(id: string): boolean {
    let removed = false;
    this.change((state) => {
      removed = state.workspaces.some((w) => w.id === id);
      return {
        ...state,
        currentId: state.currentId === id ? null : state.currentId,
        workspaces: state.workspaces.filter((w) => w.id !== id),
      };
    });
    return removed;
  }

  setCurrent(id: string | null): void {
    if (this.state.currentId !== id) this.change((state) => ({ ...state, currentId: id }));
  }

  /**
   * Read, change, write: the file is read again right before each change, so a change never
   * writes back an old copy over one made since (another window of the app, an edit by hand).
   */
  private change(apply: (state: RegistryFile) => RegistryFile): void {
    const next = apply(this.load());
    writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.state = next;
  }

  private load(): RegistryFile {
    try {
      return readJsonFile(this.file, RegistryFile, {
        version: 1,
        currentId: null,
        workspaces: [],
      });
    } catch (error) {
      throw new AppError(
        'DB',
        'The list of workspaces could not be read. Its file may be damaged.',
        { cause: error },
      );
    }
  }
}
