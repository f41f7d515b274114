/**
 * The errors of TMF health (issue 27), in the form of errors.ts (which spreads them into ERRORS): a stable code, its
 * honest HTTP status and the message in both languages.
 */
export const TMF_ERRORS = {
  // TMF models (issue 27); {field} is the label of the number's column or field, {number} the number itself
  tmf_model_name_exists: [
    409,
    '本公司已有同名同版本的TMF模型',
    'The company already has a TMF model of this name and version',
  ],
  tmf_model_published: [
    409,
    'TMF模型已发布，不能修改；请为其创建新版本',
    'The TMF model is published and cannot change: make a new version of it',
  ],
  tmf_model_in_use: [409, '有项目正在使用此TMF模型，不能删除', 'Projects use this TMF model: it cannot be deleted'],
  tmf_number_taken: [400, '{field} {number} 在模型中重复', '{field} {number} is used more than once in the model'],
  tmf_number_not_under: [
    400,
    '{field} {number} 须为上级编号 {parent} 加一个点和一段编号',
    "{field} {number} must be its parent's number {parent}, a dot and one more part",
  ],
  tmf_too_many_artifacts: [400, '一个TMF模型最多{max}个工件', 'A TMF model holds at most {max} artifacts'],
  // a project uses a TMF model (issue 27 part 2)
  tmf_model_not_published: [
    409,
    'TMF模型尚未发布，项目不能使用草稿',
    'The TMF model is a draft: a project uses a published version only',
  ],
  tmf_model_change_filed: [
    409,
    '项目已有文档归入工件，不能改用另一个TMF模型',
    'Documents of the project are filed under artifacts: it cannot change to another TMF model',
  ],
  tmf_model_none: [409, '项目尚未选择TMF模型', 'The project has not chosen a TMF model'],
  tmf_artifact_not_in_model: [
    400,
    '{field}不属于项目使用的TMF模型',
    "{field} is not an artifact of the project's TMF model",
  ],
  not_in_future: [400, '{field}不能晚于今天', '{field} cannot be later than today'],
  // countries and milestones of a project (issue 27 part 3)
  country_code_invalid: [
    400,
    '{field}应为两个字母的ISO 3166-1国家代码，如CN',
    '{field} must be a two-letter ISO 3166-1 country code, such as CN',
  ],
  country_code_exists: [409, '项目中已有该国家代码', 'The project already has a country with this code'],
  country_has_sites: [
    409,
    '该国家下仍有中心，请先将中心移到其他国家或删除',
    'Sites of the project are in this country: move or delete them first',
  ],
  milestone_type_code_exists: [409, '里程碑类型编码已存在', 'A milestone type already has this code'],
  // Models' due rules name a type by its code (a model serves every company): a code renamed would orphan them.
  milestone_type_code_fixed: [
    400,
    '里程碑类型的编码创建后不可修改',
    "A milestone type's code cannot change once created",
  ],
  milestone_type_in_use: [
    409,
    '已有项目使用该里程碑类型，不能删除或更改其层级',
    'Projects have dated this milestone type: it cannot be deleted nor change its level',
  ],
  not_in_project: [400, '{field}不属于本项目', '{field} is not part of this project'],
  // expected documents (issue 27 part 4)
  expected_item_mismatch: [
    409,
    '该预期文档与文档的工件、层级或所属国家/中心不符',
    "The expected document is not of this document's artifact, level and place",
  ],
  expected_item_state: [
    409,
    '预期文档当前的状态不允许此操作',
    'The expected document is not in a state that allows this',
  ],
  country_has_documents: [
    409,
    '该国家下仍有文档，不能删除',
    'Documents of the project are filed under this country: it cannot be deleted',
  ],
  country_with_site: [
    400,
    '中心文档的国家即其中心所在国家，不能另选{field}',
    "A site document's country is its site's: {field} cannot be chosen as well",
  ],
  expected_rules_invalid: [
    400,
    '{field}有误：每个层级最多一条，仅限工件的层级，里程碑须为已有的里程碑类型编码',
    "{field} are not valid: at most one per level, only the artifact's levels, a milestone type code that exists",
  ],
  milestone_level_mismatch: [400, '{field}不适用于该层级的里程碑', '{field} does not fit the level of this milestone'],
  // quality issues (issue 27 part 5)
  quality_issue_state: [
    409,
    '该质量问题的当前状态不允许此操作，请刷新页面',
    "This step is not possible in the quality issue's current state, refresh the page",
  ],
  quality_issues_open: [
    409,
    '该文档还有{count}个未关闭的质量问题（待处理或待确认），不能归档',
    'The document has {count} quality issue(s) still open or awaiting verification and cannot be archived',
  ],
  quality_issue_assignee: [
    400,
    '{field}须为可查看该文档的项目成员',
    '{field} must be a project member who may read the document',
  ],
  quality_issue_version: [400, '{field}不是该文档的版本', '{field} is not a version of this document'],
  tmf_level_missing: [400, '未标明适用层级（试验、国家或中心）', 'No level is marked (trial, country or site)'],
  import_column_missing: [400, '缺少列“{field}”', 'The column "{field}" is missing'],
  folder_move_invalid: [
    400,
    '不能把文件夹移动到它自己或它的子文件夹下',
    'A folder cannot be moved into itself or one of its subfolders',
  ],
} as const satisfies Record<string, readonly [number, string, string]>;
