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
  exchange_package_unreadable: [
    400,
    '导入包无法读取：不是有效的zip文件',
    'The package cannot be read: it is not a valid zip file',
  ],
  exchange_package_path: [
    400,
    '导入包中的路径 {path} 指向包外（..、绝对路径、盘符或反斜杠），已拒绝',
    'The package names a path that leaves it ({path}: .., absolute, a drive letter or a back-slash): refused',
  ],
  exchange_package_too_many: [
    400,
    '导入包的条目或对象超过上限 {max}，已拒绝',
    'The package holds more entries or objects than the limit of {max}: refused',
  ],
  exchange_package_too_large: [
    400,
    '导入包解压后的大小超过上限，已拒绝',
    'The package unpacks to more than the limit: refused',
  ],
  exchange_package_ratio: [
    400,
    '导入包中的 {path} 压缩比超过100:1或大小与声明不符（疑似压缩炸弹），已拒绝',
    'The package entry {path} is compressed more than 100:1 or larger than it declares (a zip bomb): refused',
  ],
  exchange_package_doctype: [
    400,
    'exchange.xml 含有DOCTYPE声明，已拒绝（不展开任何实体）',
    'exchange.xml carries a DOCTYPE: refused (no entity is ever expanded)',
  ],
  exchange_package_xml: [
    400,
    'exchange.xml 第 {line} 行不符合交换标准：{reason}',
    'exchange.xml does not follow the exchange standard at line {line}: {reason}',
  ],
  exchange_package_no_xml: [400, '导入包根目录中没有 exchange.xml', 'The package has no exchange.xml at its root'],
  exchange_package_failed: [500, '导入包处理失败：{reason}', 'The package could not be processed: {reason}'],
  exchange_import_state: [
    409,
    '导入当前状态为 {state}，不能执行此操作',
    'The import is {state}: this step is not possible now',
  ],
  exchange_import_nothing: [
    400,
    '没有可归档的行：请接受至少一行没有阻止性问题的对象',
    'Nothing to file: accept at least one row without a blocking problem',
  ],
  exchange_import_dir_off: [
    400,
    '服务器未配置导入目录（IMPORT_DIR），无法从服务器路径导入',
    'The server has no import folder (IMPORT_DIR): a server path cannot be imported',
  ],
  exchange_import_path: [
    400,
    '{field}不在服务器导入目录中，或不是zip文件或文件夹',
    '{field} is not a zip file or folder under the server import folder',
  ],
  exchange_problem_unknown_artifact: [
    400,
    '项目的TMF模型中没有工件 {number}',
    "The project's TMF model has no artifact {number}",
  ],
  exchange_problem_unknown_country: [400, '项目中没有国家 {code}', 'The project has no country {code}'],
  exchange_problem_unknown_site: [400, '项目中没有中心 {code}', 'The project has no site {code}'],
  exchange_problem_no_folder: [
    400,
    '没有文件夹对应工件 {number}：请选择目标文件夹',
    'No folder stands for artifact {number}: choose the target folder',
  ],
  exchange_problem_no_rights: [403, '您在文件夹 {folder} 没有导入权限', 'You may not import into the folder {folder}'],
  exchange_problem_missing_file: [400, '导入包中缺少文件 {path}', 'The package lacks the file {path}'],
  exchange_problem_checksum_mismatch: [
    400,
    '文件 {path} 的SHA-256与INTEGRITY不符',
    "The file {path} does not match its INTEGRITY's SHA-256",
  ],
  exchange_problem_unreadable_file: [400, '文件 {path} 无法读取', 'The file {path} cannot be read'],
  exchange_problem_no_version: [400, '对象没有带文件的版本', 'The object has no version with a file'],
  exchange_problem_bad_date: [
    400,
    '日期 {value} 不是 DD-MON-YYYY 格式，未导入',
    'The date {value} is not of the form DD-MON-YYYY: left out',
  ],
  exchange_problem_unknown_integrity: [
    400,
    '文件 {path} 的校验值 {value} 不是SHA256，无法核对',
    'The file {path} has an INTEGRITY ({value}) other than SHA256: it cannot be checked',
  ],
  // part 3: bulk import without EMS
  bulk_sheet_unreadable: [
    400,
    '{field}无法读取：请使用模板的.xlsx文件或UTF-8的.csv文件',
    '{field} cannot be read: use the template as an .xlsx file or a UTF-8 .csv file',
  ],
  bulk_sheet_no_file_column: [
    400,
    '{field}的第一行没有「文件」列（file）：请使用模板',
    '{field} has no "File" column (file) in its first row: use the template',
  ],
  bulk_sheet_too_long: [400, '{field}超过 {max} 行', '{field} has more than {max} rows'],
  bulk_no_files: [400, 'zip中没有可导入的文件', 'The zip holds no file to import'],
  bulk_too_many_files: [
    400,
    'zip中的文件超过上限 {max} 个，请分批导入',
    'The zip holds more than {max} files: import it in parts',
  ],
  bulk_problem_unknown_artifact: [
    400,
    '{columnZh}：项目的TMF模型中没有工件「{value}」',
    '{columnEn}: the project\'s TMF model has no artifact "{value}"',
  ],
  bulk_problem_unknown_site: [
    400,
    '{columnZh}：项目中没有您可见的中心「{value}」',
    '{columnEn}: the project has no site "{value}" that you can see',
  ],
  bulk_problem_unknown_country: [
    400,
    '{columnZh}：项目中没有国家「{value}」',
    '{columnEn}: the project has no country "{value}"',
  ],
  bulk_problem_bad_level: [
    400,
    '{columnZh}：「{value}」不是层级（试验、国家或中心）',
    '{columnEn}: "{value}" is not a level (trial, country or site)',
  ],
  bulk_problem_no_artifact: [
    400,
    '没有工件：表格未填写，也无法从文件推荐，请选择',
    'No artifact: the spreadsheet names none and none could be suggested; choose one',
  ],
  bulk_problem_no_folder: [
    400,
    '没有文件夹对应工件 {value}：请选择其他工件',
    'No folder stands for artifact {value}: choose another artifact',
  ],
  bulk_problem_no_rights: [403, '您在文件夹 {folder} 没有导入权限', 'You may not import into the folder {folder}'],
  bulk_problem_unreadable_file: [
    400,
    '无法读取文件的文字（{reason}），仅按文件名推荐；文件仍可归档',
    "The file's text could not be read ({reason}): suggestions come from its name only; it can still be filed",
  ],
  bulk_problem_bad_date: [
    400,
    '{columnZh}：「{value}」不是日期（YYYY-MM-DD），已改用推荐值',
    '{columnEn}: "{value}" is not a date (YYYY-MM-DD); the suggestion is used instead',
  ],
  bulk_problem_type_not_allowed: [
    415,
    '不允许的文件类型（.{value}：项目未允许、可执行文件或内容与扩展名不符），不能归档',
    "A file type that is not allowed (.{value}: not in the project's list, executable, or content unlike its extension): it cannot be filed",
  ],
  bulk_problem_too_large: [
    413,
    '文件超过 .{value} 类型的大小上限，不能归档',
    'The file is larger than the limit for .{value}: it cannot be filed',
  ],
  bulk_problem_sheet_unmatched: [
    400,
    '表格第 {line} 行的文件「{value}」不在zip中',
    'The spreadsheet\'s line {line} names "{value}", which the zip lacks',
  ],
  // part 4: certified copies
  certify_not_current: [409, '只能核证文档的当前版本', "Only the document's current version can be certified"],
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
