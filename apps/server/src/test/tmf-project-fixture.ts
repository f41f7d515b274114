import { milestoneRoutes } from '@edoc/contract/milestone-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { and, eq, isNull } from 'drizzle-orm';
import { tmfArtifacts, tmfModels } from '../db/schema/tmf-models.ts';
import type { TestContext } from './context.ts';
import type { ProjectWorld } from './factories.ts';
import { client } from './requests.ts';
import { ICH_TMF_MODEL_NAME } from '../modules/tmf-model/tmf-model-shipped.ts';

/** The shipped ICH E6(R2) model (ensured at the suite's start) and its artifact ids by number. */
export async function ichModel(ctx: TestContext) {
  const [model] = await ctx.db
    .select()
    .from(tmfModels)
    .where(and(isNull(tmfModels.companyId), eq(tmfModels.name, ICH_TMF_MODEL_NAME)));
  return { id: model.id, artifacts: await artifactsOf(ctx, model.id) };
}

export async function artifactsOf(ctx: TestContext, modelId: number): Promise<Map<string, number>> {
  const rows = await ctx.db.select().from(tmfArtifacts).where(eq(tmfArtifacts.modelId, modelId));
  return new Map(rows.map((a) => [a.number, a.id]));
}

/**
 * A model of the world's company, made by its administrator through the API: zone 01 (with a Chinese name), section
 * 01.01 (without), artifacts 01.01.01 (both names) and 01.01.02 (English only); published unless asked not to be.
 */
export async function companyModel(ctx: TestContext, world: ProjectWorld, name: string, publish = true) {
  const api = client(ctx.app, world.admin.token);
  const created = await api.call(tmfModelRoutes.create, {
    query: { companyId: world.companyId },
    body: {
      name,
      zones: [
        {
          number: '01',
          nameEn: 'Trial Management',
          nameZh: '试验管理',
          sections: [
            {
              number: '01.01',
              nameEn: 'Trial Oversight',
              artifacts: [
                { number: '01.01.01', nameEn: 'Trial Master File Plan', nameZh: 'TMF计划', levels: ['trial'] },
                { number: '01.01.02', nameEn: 'Trial Management Plan', levels: ['trial', 'site'] },
              ],
            },
          ],
        },
      ],
    },
  });
  const id = created.data.id;
  if (publish) {
    const published = await api.call(tmfModelRoutes.publish, { params: { id }, query: { companyId: world.companyId } });
    if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
  }
  return { id, artifacts: await artifactsOf(ctx, id) };
}

/** Dates one milestone of the project through the API, its type named by code; throws on a refusal. */
export async function saveMilestone(
  ctx: TestContext,
  token: string,
  code: string,
  place: { siteId?: number },
  planned: string | null,
  actual: string | null,
) {
  const api = client(ctx.app, token);
  const types = (await api.call(milestoneRoutes.list)).data.types;
  const typeId = types.find((t) => t.code === code)!.id;
  const res = await api.call(milestoneRoutes.save, { body: { typeId, ...place, planned, actual } });
  if (res.statusCode !== 200) throw new Error(res.body);
}
