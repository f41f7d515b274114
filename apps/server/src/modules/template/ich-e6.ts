import type { TemplateFolder } from '../../db/schema/templates.ts';

type Row = [code: string, en: string, zh: string];

/** ICH E6(R2) §8 essential documents: 8.2 before, 8.3 during, 8.4 after the trial. */
const BEFORE: Row[] = [
  ['8.2.1', "Investigator's brochure", '研究者手册'],
  ['8.2.2', 'Signed protocol and amendments, and sample case report form', '已签署的试验方案、修正案及病例报告表样本'],
  [
    '8.2.3',
    'Information given to trial subject (informed consent form, written information, advertisement)',
    '提供给受试者的信息（知情同意书、书面资料、招募广告）',
  ],
  ['8.2.4', 'Financial aspects of the trial', '试验的财务事宜'],
  ['8.2.5', 'Insurance statement', '保险声明'],
  ['8.2.6', 'Signed agreement between involved parties', '相关各方之间签署的协议'],
  ['8.2.7', 'Dated, documented approval/favourable opinion of IRB/IEC', '伦理委员会注明日期的书面批准/同意意见'],
  ['8.2.8', 'IRB/IEC composition', '伦理委员会的组成'],
  [
    '8.2.9',
    'Regulatory authority authorisation/approval/notification of protocol',
    '药品监督管理部门对试验方案的批准/许可/备案',
  ],
  ['8.2.10', 'CVs and qualifications of investigators and sub-investigators', '研究者及助理研究者的履历和资格证明'],
  [
    '8.2.11',
    'Normal values/ranges for medical/laboratory/technical procedures and tests',
    '医学/实验室/技术操作和检测的正常值/范围',
  ],
  [
    '8.2.12',
    'Medical/laboratory/technical procedures and tests: certification, accreditation, quality control',
    '医学/实验室/技术操作和检测的认证、认可及质量控制',
  ],
  ['8.2.13', 'Sample of labels attached to investigational product containers', '试验用药品容器标签样本'],
  [
    '8.2.14',
    'Instructions for handling investigational products and trial-related materials',
    '试验用药品及试验相关物资的处理说明',
  ],
  [
    '8.2.15',
    'Shipping records for investigational products and trial-related materials',
    '试验用药品及试验相关物资的运送记录',
  ],
  ['8.2.16', 'Certificates of analysis of investigational products shipped', '所运送试验用药品的检验报告'],
  ['8.2.17', 'Decoding procedures for blinded trials', '盲法试验的揭盲程序'],
  ['8.2.18', 'Master randomisation list', '总随机表'],
  ['8.2.19', 'Pre-trial monitoring report', '试验前监查报告'],
  ['8.2.20', 'Trial initiation monitoring report', '试验启动监查报告'],
];
const DURING: Row[] = [
  ['8.3.1', "Investigator's brochure updates", '研究者手册更新'],
  [
    '8.3.2',
    'Revisions of protocol, CRF, informed consent form, written information, advertisement',
    '试验方案、病例报告表、知情同意书、书面资料及招募广告的修订',
  ],
  [
    '8.3.3',
    'IRB/IEC approvals of amendments, revisions and continuing review',
    '伦理委员会对修正案、修订文件及跟踪审查的批准',
  ],
  [
    '8.3.4',
    'Regulatory authority approvals/notifications of amendments and other documents',
    '药品监督管理部门对修正案及其他文件的批准/备案',
  ],
  ['8.3.5', 'CVs of new investigators and sub-investigators', '新研究者和助理研究者的履历'],
  ['8.3.6', 'Updates to normal values/ranges of procedures and tests', '操作和检测正常值/范围的更新'],
  ['8.3.7', 'Updates of medical/laboratory/technical procedures and tests', '医学/实验室/技术操作和检测的更新'],
  [
    '8.3.8',
    'Documentation of investigational product and trial-related material shipment',
    '试验用药品及试验相关物资的运送文件',
  ],
  ['8.3.9', 'Certificates of analysis for new batches of investigational products', '新批号试验用药品的检验报告'],
  ['8.3.10', 'Monitoring visit reports', '监查访视报告'],
  ['8.3.11', 'Relevant communications other than site visits', '访视以外的相关沟通记录'],
  ['8.3.12', 'Signed informed consent forms', '已签署的知情同意书'],
  ['8.3.13', 'Source documents', '原始文件'],
  ['8.3.14', 'Signed, dated and completed case report forms', '已签名、注明日期并填写完整的病例报告表'],
  ['8.3.15', 'Documentation of CRF corrections', '病例报告表修正记录'],
  [
    '8.3.16',
    'Notification of serious adverse events by the investigator to the sponsor',
    '研究者向申办者报告的严重不良事件',
  ],
  [
    '8.3.17',
    'Notification of unexpected serious adverse drug reactions and other safety information to authorities and IRB/IEC',
    '向药品监督管理部门和伦理委员会报告的可疑且非预期严重不良反应及其他安全性信息',
  ],
  ['8.3.18', 'Notification of safety information by the sponsor to investigators', '申办者向研究者通报的安全性信息'],
  [
    '8.3.19',
    'Interim or annual reports to IRB/IEC and authorities',
    '向伦理委员会和药品监督管理部门提交的中期或年度报告',
  ],
  ['8.3.20', 'Subject screening log', '受试者筛选表'],
  ['8.3.21', 'Subject identification code list', '受试者鉴认代码表'],
  ['8.3.22', 'Subject enrolment log', '受试者入选表'],
  ['8.3.23', 'Investigational product accountability at the site', '试验机构的试验用药品登记表'],
  ['8.3.24', 'Signature sheet', '签名样张'],
  ['8.3.25', 'Record of retained body fluids/tissue samples', '体液/组织样本的留存记录'],
];
const AFTER: Row[] = [
  ['8.4.1', 'Investigational product accountability at the site', '试验机构的试验用药品登记表'],
  ['8.4.2', 'Documentation of investigational product destruction', '试验用药品销毁证明'],
  ['8.4.3', 'Completed subject identification code list', '完成的受试者鉴认代码表'],
  ['8.4.4', 'Audit certificate', '稽查证明'],
  ['8.4.5', 'Final trial close-out monitoring report', '试验结束监查报告'],
  ['8.4.6', 'Treatment allocation and decoding documentation', '治疗分配及揭盲文件'],
  [
    '8.4.7',
    'Final report by the investigator to IRB/IEC and authorities',
    '研究者向伦理委员会及药品监督管理部门提交的总结报告',
  ],
  ['8.4.8', 'Clinical study report', '临床试验总结报告'],
];

const section = (ichCode: string, nameEn: string, name: string, rows: Row[]): TemplateFolder => ({
  name,
  nameEn,
  ichCode,
  children: rows.map(([code, en, zh]) => ({ ichCode: code, nameEn: en, name: zh })),
});

export const ICH_TEMPLATE_NAME = 'ICH E6(R2) 必备文件 / Essential documents';
export const ICH_E6_FOLDERS: TemplateFolder[] = [
  section('8.2', 'Before the clinical phase of the trial', '临床试验开始前', BEFORE),
  section('8.3', 'During the clinical conduct of the trial', '临床试验进行中', DURING),
  section('8.4', 'After completion or termination of the trial', '临床试验完成或终止后', AFTER),
];
