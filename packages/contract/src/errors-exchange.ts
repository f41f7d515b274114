/**
 * The errors of exchange (issue 28: EMS export and import, bulk import, certified copies, the inspection package),
 * in the form of errors.ts (which spreads them into ERRORS): a stable code, its honest HTTP status and the message
 * in both languages. Each part keeps its codes under its own heading.
 */
export const EXCHANGE_ERRORS = {
  // part 1: EMS export
  exchange_export_empty: [
    400,
    '所选范围内没有您可查看并下载的文档，无可导出',
    'Nothing to export: the selection holds no document you may view and download',
  ],
  exchange_export_no_model: [
    409,
    '项目尚未选择TMF模型，无法按TMF参考模型导出',
    'The project has not chosen a TMF model: there is nothing to map to the TMF Reference Model',
  ],
  exchange_left_no_artifact: [400, '未归入TMF工件', 'Not filed under a TMF artifact'],
  exchange_left_artifact_number: [
    400,
    '工件编号 {number} 不是 NN.NN.NN 格式（TMF参考模型的编号）',
    'Artifact number {number} is not of the form NN.NN.NN (the TMF Reference Model numbering)',
  ],
  exchange_left_country: [
    400,
    '国家代码 {code} 没有ISO 3166-1三字母代码，COUNTRYID 未写入',
    'Country code {code} has no ISO 3166-1 alpha-3 code: COUNTRYID is left out',
  ],
  exchange_left_no_file: [400, '文档没有文件版本', 'The document has no file version'],
  exchange_left_deleted: [400, '创建导出后文档已删除', 'The document was deleted after the export was asked for'],
  exchange_left_signed_copy: [
    400,
    '版本 {version} 的签名副本无法生成（PDF无法改写或已带他人数字签名），仅导出原文件',
    'The signed copy of version {version} could not be made (the PDF cannot be rewritten or carries its own digital signature): its stored file alone is exported',
  ],
  // part 2: EMS import (package checks, preview, filing)
  // part 3: bulk import without EMS
  // part 4: certified copies
  certify_not_current: [
    409,
    '只能核证文档的当前版本',
    "Only the document's current version can be certified",
  ],
  certify_already: [409, '该版本已核证为副本', 'This version is already certified as a copy'],
  certify_pages_unchecked: [
    400,
    '{field}与该版本的页数（{pages}页）不符：请逐页核对全部页面',
    "{field} does not match the version's {pages} pages: check every page",
  ],
  certify_not_paged: [
    400,
    '该版本没有可逐页核对的PDF或PDF转换件，不能核证',
    'This version has no PDF or PDF rendition to check page by page: it cannot be certified',
  ],
  // part 5: the inspection package
} as const satisfies Record<string, readonly [number, string, string]>;
