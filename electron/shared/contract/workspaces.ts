import { z } from 'zod';
import { ApiKey } from '../api/apiKey';
import { op } from './define';

/** Where a workspace's API key is kept. The key itself never leaves main (or the host). */
export const KeyStorage = z.enum(['secure', 'session', 'plaintext']);
export type KeyStorage = z.infer<typeof KeyStorage>;

export const Workspace = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['demo', 'remote']),
  baseUrl: z.string(),
  keyStorage: KeyStorage,
  /** False when the stored key can no longer be read (another OS user, a reset keyring). */
  keyAvailable: z.boolean(),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

/** What the OS offers for secrets: a real keyring, or only a plaintext backend. */
export const KeyringStatus = z.object({
  secure: z.boolean(),
  backend: z.string(),
});

/** Presets for the service's regional hosts; any other base URL is "custom". */
export const BASE_URL_PRESETS = {
  us: 'https://api.fillout.com/v1/api',
  eu: 'https://eu-api.fillout.com/v1/api',
  ca: 'https://ca-api.fillout.com/v1/api',
} as const;

const id = z.string().min(1).max(200);

/** Respondents the demo service makes up now and then, delivered to webhooks like real ones. */
export const Simulation = z.object({
  available: z.boolean(),
  on: z.boolean(),
  perMinute: z.number().int().nonnegative(),
});
export type Simulation = z.infer<typeof Simulation>;

/**
 * Whether desktop AI assistants may read a workspace's cache through `npm run mcp`, and whether
 * they see contact answers (e-mail, phone and name questions) or those answers masked.
 */
export const AssistantAccess = z.object({
  allowed: z.boolean(),
  includeContacts: z.boolean(),
});
export type AssistantAccess = z.infer<typeof AssistantAccess>;

/** A workspace's assistant access, with the command an assistant's configuration starts. */
export const AssistantAccessView = AssistantAccess.extend({
  /** The server's command line, for a terminal. */
  command: z.string(),
  /** The same as an `mcpServers` entry of an assistant's JSON configuration. */
  config: z.string(),
});
export type AssistantAccessView = z.infer<typeof AssistantAccessView>;

export const workspaceOps = {
  'workspaces.list': op(
    z.strictObject({}),
    z.object({
      workspaces: z.array(Workspace),
      currentId: z.string().nullable(),
      keyring: KeyringStatus,
    }),
  ),
  'workspaces.add': op(
    z.strictObject({
      name: z.string().trim().min(1).max(120).optional(),
      baseUrl: z.string().trim().min(1).max(2000),
      apiKey: ApiKey,
      keyStorage: KeyStorage.default('secure'),
    }),
    Workspace,
  ),
  /** A new key for a workspace whose key is missing or changed: checked like `add`, then opened. */
  'workspaces.setKey': op(
    z.strictObject({ id, apiKey: ApiKey, keyStorage: KeyStorage.default('secure') }),
    Workspace,
  ),
  'workspaces.rename': op(
    z.strictObject({ id, name: z.string().trim().min(1).max(120) }),
    Workspace,
  ),
  'workspaces.remove': op(z.strictObject({ id }), z.object({ removed: z.boolean() })),
  'workspaces.select': op(z.strictObject({ id }), Workspace),
  'workspaces.openDemo': op(z.strictObject({}), Workspace),
  /** The demo service's simulated respondents; `available` only while the demo workspace is open. */
  'workspaces.simulation': op(z.strictObject({}), Simulation),
  'workspaces.setSimulation': op(z.strictObject({ on: z.boolean() }), Simulation),
  'workspaces.assistantAccess': op(z.strictObject({ id }), AssistantAccessView),
  'workspaces.setAssistantAccess': op(
    z.strictObject({ id, allowed: z.boolean(), includeContacts: z.boolean() }),
    AssistantAccessView,
  ),
};
