import { FolderType } from '@edoc/contract/permissions';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { projects } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { lockFolder, type FolderRow } from '../../access/folder-rights.ts';
import { fail } from '../../lib/app-error.ts';
import { loadVisibleModel, type TmfModelRow } from '../tmf-model/tmf-model.policy.ts';

/*
 * What a project administrator may do with the project's TMF model (the projectAdmin gate admits them; these are the
 * rules of the data). A project uses a published model of its own company or a shipped one: another company's is
 * "not found" (as /manage/tmf-model reads it), a draft is refused (tmf_model_not_published). Once a document of the
 * project carries an artifact, the project keeps its model (tmf_model_change_filed): the documents' artifacts and
 * every figure counted from them refer to it. Only the document tree (Work folders) is mapped: the library tree holds
 * archived copies whose artifact comes with the document.
 */

/** The entered project, locked: two choices of a model at once run one after the other. */
export async function lockProject(tx: Tx, projectId: number) {
  const [row] = await tx
    .select({ id: projects.id, companyId: projects.companyId, tmfModelId: projects.tmfModelId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!row) fail('not_found');
  return row;
}

/** The model the project may choose: visible to its company (else 404) and published (else 409). */
export async function loadUsableModel(tx: Tx, companyId: number, modelId: number): Promise<TmfModelRow> {
  const model = await loadVisibleModel(tx, companyId, modelId);
  if (model.state !== 'published') fail('tmf_model_not_published');
  return model;
}

/** Refuses a different model once any document of the project (the recycle bin's too) carries an artifact. */
export async function assertModelChangeable(tx: Tx, projectId: number): Promise<void> {
  const [filed] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), isNotNull(documents.artifactId)))
    .limit(1);
  if (filed) fail('tmf_model_change_filed');
}

/** A folder of the project's document tree, locked; another project's folder, or a library one, is "not found". */
export async function lockWorkFolder(tx: Tx, projectId: number, folderId: number): Promise<FolderRow> {
  const folder = await lockFolder(tx, projectId, folderId);
  if (folder.type !== FolderType.Work) fail('not_found');
  return folder;
}

/** An artifact of the project's model, else 400 naming artifactId (also when the project has chosen none). */
export async function loadModelArtifact(tx: Tx, modelId: number | null, artifactId: number) {
  const [row] = await tx
    .select({ id: tmfArtifacts.id, number: tmfArtifacts.number, modelId: tmfArtifacts.modelId })
    .from(tmfArtifacts)
    .where(eq(tmfArtifacts.id, artifactId));
  if (!row || modelId === null || row.modelId !== modelId) fail('tmf_artifact_not_in_model', { field: 'artifactId' });
  return row;
}
