import pino, { type Logger } from 'pino';
import { scrub, scrubText } from '../../shared/scrub';

export type { Logger };

export interface LoggerOptions {
  level: string;
  environment: string;
  /** Where lines go; tests pass a memory stream. Defaults to stdout. */
  destination?: pino.DestinationStream;
}

/**
 * pino with the spec's scrubber applied to every line: the merged object through `formatters.log`,
 * and the message string through `hooks.logMethod`, so nothing secret reaches the log sink.
 */
export function createLogger({ level, environment, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { environment },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrub(object),
      },
      serializers: {
        err: (error: unknown) => scrub(pino.stdSerializers.err(error as Error)),
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>;
          return method.apply(this, scrubbed);
        },
      },
    },
    destination ?? pino.destination({ sync: false }),
  );
}
