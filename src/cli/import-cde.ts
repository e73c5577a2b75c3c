import type { Command } from 'commander';
import type { CdeFlags } from './import-cde-run.ts';
import type { DistrictFlags } from './import-district-run.ts';
import { UsageError, type Io } from './io.ts';

/** `settle import cde`: a district's schools and enrollment from the CDE's public files. */
export function registerImport(program: Command, io: Io): void {
  const imp = program.commands.find((c) => c.name() === 'import') ?? program.command('import').description('build a district dataset, or its schools and enrollment, from public data (California Department of Education, NCES)');
  imp.command('cde')
    .description('Schools and enrollment of any California district from CDE public files (directory, FRPM, optional enrollment by grade).')
    .option('--directory <file>', 'CDE public schools directory (pubschls), CSV')
    .option('--frpm <file>', 'CDE free or reduced-price meal (FRPM) file, CSV')
    .option('--enrollment <file>', 'CDE "Enrollment by School" file (tab-separated); without it enrollment by grade is estimated')
    .option('--district <code>', 'county-district code: 19-64733, 1964733 or 19647330000000')
    .option('--out <dir>', 'folder to write schools.csv, enrollment.csv and IMPORT.md')
    .option('--high-need-threshold <share>', 'FRPM share (0-1) from which a school is high need', '0.9')
    .option('--charters <mode>', 'exclude or include charter schools', 'exclude')
    .option('--grade-weights <list>', 'weights for the estimated split, e.g. "K:1,1:1,9:1.1" (unlisted grades weigh 1)')
    .action(async (flags: CdeFlags) => {
      if (flags.charters !== 'exclude' && flags.charters !== 'include') throw new UsageError(`--charters must be exclude or include, got ${JSON.stringify(flags.charters)}`);
      // The importer loads only when the command runs, so `settle --help` starts at once.
      (await import('./import-cde-run.ts')).runImportCde(flags, io);
    });
  imp.command('district')
    .description('a whole dataset for any California district from public files: schools and enrollment (CDE), teachers and their salary schedule (J-90), ADA and budget (current expense), each figure labelled with its file and field or the assumption that filled a gap')
    .option('--cds <code or name>', 'the district: a county-district code (01-61259, 0161259 or the 14-digit CDS code) or its name ("Oakland Unified")')
    .option('--data <dir>', 'folder of the public files (statewide/…, cde_pubschls_2018/…, cde_frpm_2014_15/…; see docs/dataset.md)')
    .option('--out <dir>', 'folder to write the dataset, PROVENANCE.md and IMPORT.md into')
    .option('--print-spec', 'print the generator spec built from the public files instead (edit it, then settle generate --spec)')
    .option('--j90 <file>', 'the J-90 tsal121 file, instead of the one in --data')
    .option('--ccd <file>', 'the NCES CCD district file, instead of the one in --data')
    .option('--current-expense <file>', 'the CDE current expense file, instead of the one in --data')
    .option('--finance <file>', 'the NCES F-33 finance file, instead of the one in --data')
    .option('--directory <file>', 'the CDE public schools directory, instead of the one in --data')
    .option('--frpm <file>', 'the CDE FRPM file, instead of the one in --data')
    .action(async (flags: DistrictFlags) => {
      // The importer loads only when the command runs, so `settle --help` starts at once.
      (await import('./import-district-run.ts')).runImportDistrict(flags, io);
    });
}
