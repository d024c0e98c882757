import { type z } from 'zod';
import {
  type AssistantAccessView,
  type KeyStorage,
  type Simulation,
  type Workspace,
  type workspaceOps,
} from '../../shared/contract/workspaces';
import { type AppContext } from '../session/context';

/** What the OS offers for secrets, as the key vault reports it. */
export interface KeyringStatus {
  /** True when keys are encrypted by an OS keyring; false for a plaintext-only backend. */
  secure: boolean;
  /** The backend's name (`keychain`, `dpapi`, `gnome_libsecret`, `basic_text`, `memory`…). */
  backend: string;
}

/**
 * Where API keys live. Main implements it with Electron's safeStorage; the host keeps keys in
 * memory only. `storage` says how the caller asked the key to be kept: `session` keys never touch
 * the disk, `plaintext` is only honoured after the user accepted the warning.
 */
export interface KeyVault {
  /** Keeps the key; answers how it was actually kept (a memory-only vault keeps every key `session`). */
  put(workspaceId: string, key: string, storage: KeyStorage): Promise<KeyStorage>;
  /** The key, or null when it is missing or can no longer be decrypted. */
  get(workspaceId: string): Promise<string | null>;
  remove(workspaceId: string): Promise<void>;
  status(): KeyringStatus;
}

type Input<N extends keyof typeof workspaceOps> = z.output<(typeof workspaceOps)[N]['input']>;

/** The workspace operations of the contract, as the manager offers them. */
export interface WorkspaceOperations {
  list(): Promise<{ workspaces: Workspace[]; currentId: string | null; keyring: KeyringStatus }>;
  add(input: Input<'workspaces.add'>): Promise<Workspace>;
  setKey(input: Input<'workspaces.setKey'>): Promise<Workspace>;
  rename(input: Input<'workspaces.rename'>): Promise<Workspace>;
  remove(input: Input<'workspaces.remove'>): Promise<{ removed: boolean }>;
  select(input: Input<'workspaces.select'>): Promise<Workspace>;
  openDemo(): Promise<Workspace>;
  simulation(): Promise<Simulation>;
  setSimulation(input: Input<'workspaces.setSimulation'>): Promise<Simulation>;
  assistantAccess(input: Input<'workspaces.assistantAccess'>): Promise<AssistantAccessView>;
  setAssistantAccess(input: Input<'workspaces.setAssistantAccess'>): Promise<AssistantAccessView>;
}

/** The application context the shell builds: every feature's context plus the workspace family. */
export interface ShellContext extends AppContext {
  readonly workspaces: WorkspaceOperations;
}
