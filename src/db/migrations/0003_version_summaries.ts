/**
 * 0003: what the public record and the workspace lists read instead of the full costing result.
 *
 * - proposal_versions.summary: JSON of the version's figures in brief (cost per year, reserve
 *   per year, certification, its terms in plain words), written with the version.
 * - proposal_versions.cost_lines: JSON of the result's cost lines by year, without traces.
 *
 * A result with traces is large (megabytes at LAUSD scale); lists and public pages must not
 * parse it per request. Both columns are null only for versions written before 0003; readers
 * then derive them once from the stored YAML and result.
 */
import type { Kysely, Migration } from 'kysely';

export function versionSummaries(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('proposal_versions').addColumn('summary', 'text').execute();
      await db.schema.alterTable('proposal_versions').addColumn('cost_lines', 'text').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('proposal_versions').dropColumn('cost_lines').execute();
      await db.schema.alterTable('proposal_versions').dropColumn('summary').execute();
    },
  };
}
