import { type Handlers } from '../../shared/contract';
import { type ShellContext } from './types';

type WorkspaceHandlers = Pick<Handlers, `workspaces.${string}` & keyof Handlers>;

export function workspaceHandlers(ctx: ShellContext): WorkspaceHandlers {
  const ws = ctx.workspaces;
  return {
    'workspaces.list': () => ws.list(),
    'workspaces.add': (input) => ws.add(input),
    'workspaces.setKey': (input) => ws.setKey(input),
    'workspaces.rename': (input) => ws.rename(input),
    'workspaces.remove': (input) => ws.remove(input),
    'workspaces.select': (input) => ws.select(input),
    'workspaces.openDemo': () => ws.openDemo(),
    'workspaces.simulation': () => ws.simulation(),
    'workspaces.setSimulation': (input) => ws.setSimulation(input),
    'workspaces.assistantAccess': (input) => ws.assistantAccess(input),
    'workspaces.setAssistantAccess': (input) => ws.setAssistantAccess(input),
  };
}
