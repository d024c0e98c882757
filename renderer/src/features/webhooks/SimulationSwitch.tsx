import { Switch } from '@mantine/core';
import { useOp, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * The demo service's made-up respondents, on or off. Only the demo workspace has them: elsewhere
 * nothing is shown.
 */
export function SimulationSwitch() {
  const simulation = useOp('workspaces.simulation', {});
  const set = useOpMutation('workspaces.setSimulation');
  if (!simulation.data?.available) return null;
  const seconds = Math.round(60 / simulation.data.perMinute);
  return (
    <>
      <Switch
        label="Simulated respondents"
        description={`Made-up respondents fill in the demo forms about every ${seconds} seconds, and the service delivers them to webhooks as it would real ones.`}
        checked={set.isPending ? (set.variables?.on ?? simulation.data.on) : simulation.data.on}
        disabled={set.isPending}
        onChange={(event) => set.mutate({ on: event.currentTarget.checked })}
      />
      {set.isError && <ErrorAlert error={set.error} />}
    </>
  );
}
