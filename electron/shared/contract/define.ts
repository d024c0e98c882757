import { type z } from 'zod';

/** One operation of the contract: what goes in, what comes out. */
export interface OpDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

export const op = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): OpDef<I, O> => ({
  input,
  output,
});
