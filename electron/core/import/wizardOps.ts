/**
 * The import wizard's steps before a run: a file in, read, matched to questions, checked. Named
 * apart from their handlers, so the shell routes them without loading the wizard's code.
 */
export const IMPORT_WIZARD_OPS = [
  'imports.upload',
  'imports.parse',
  'imports.suggestMapping',
  'imports.previewMapping',
  'imports.validate',
  'imports.dryRun',
  'imports.start',
] as const;
export type ImportWizardOp = (typeof IMPORT_WIZARD_OPS)[number];
