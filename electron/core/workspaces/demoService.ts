import { join } from 'node:path';
import { type Simulation } from '../../shared/contract/workspaces';
import { AppError } from '../../shared/errors';
import { ensurePrivateDir } from '../files/privateFiles';
import { type Logger } from '../logging/log';
import { DEMO_RESPONDENTS_PER_MINUTE } from './demoRespondents';

/** The demo workspace's server: the local API, started in-process by main or the host. */
export interface DemoServer {
  baseUrl: string;
  apiKey: string;
  /** Simulated respondents a minute (0: none). */
  readonly simulatePerMinute: number;
  simulate(perMinute: number): void;
  close(): Promise<void>;
}

/**
 * The demo workspace's service: started once, on first use, with its changes kept under
 * `<dataDir>/demo/`, and its simulated respondents, which exist only while the demo is open.
 */
export class DemoService {
  private server: Promise<DemoServer> | null = null;
  /** The rate the switch turns simulated respondents on at: the demo's own, else the default. */
  private simulationRate = DEMO_RESPONDENTS_PER_MINUTE;

  constructor(
    private readonly dataDir: string,
    private readonly log: Pick<Logger, 'addSecret'>,
    private readonly startServer: (options: { store: string }) => Promise<DemoServer>,
  ) {}

  start(): Promise<DemoServer> {
    if (!this.server) {
      const dir = join(this.dataDir, 'demo');
      ensurePrivateDir(dir);
      this.server = this.startServer({ store: join(dir, 'store.jsonl') }).then(
        (server) => {
          this.log.addSecret(server.apiKey);
          if (server.simulatePerMinute > 0) this.simulationRate = server.simulatePerMinute;
          return server;
        },
        (error: unknown) => {
          this.server = null;
          throw new AppError(
            'INTERNAL',
            'The demo workspace could not start. Details are in the log.',
            { cause: error },
          );
        },
      );
    }
    return this.server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await (await server).close();
  }

  /** `demoOpen`: the demo workspace is the one open; its respondents exist only then. */
  async simulation(demoOpen: boolean): Promise<Simulation> {
    const demo = await this.running(demoOpen);
    return {
      available: demo !== null,
      on: (demo?.simulatePerMinute ?? 0) > 0,
      perMinute: demo?.simulatePerMinute || this.simulationRate,
    };
  }

  async setSimulation(demoOpen: boolean, on: boolean): Promise<Simulation> {
    const demo = await this.running(demoOpen);
    if (demo === null)
      throw new AppError('CONFLICT', 'Simulated respondents exist only in the demo workspace.');
    demo.simulate(on ? this.simulationRate : 0);
    return this.simulation(demoOpen);
  }

  private async running(demoOpen: boolean): Promise<DemoServer | null> {
    return demoOpen ? this.server : null;
  }
}
