// ---------------------------------------------------------------------------------------------------------------
// Messages, both languages. A result is { status: 'ok' | 'fail' | 'note', key, params }.
export const MESSAGES = {
  'en-US': {
    title: 'edoc inspection package verifier',
    all_ok: 'Every check holds.',
    some_fail: 'Some checks do not hold: see the lines marked ✗.',
    statement_missing: 'The signed statement (certificate/statement.json and .sig) is missing.',
    certificate_missing: 'The signing certificate (certificate/signing-certificate.pem) is missing or unreadable.',
    certificate: 'Signing certificate: {subject}, valid {from} to {to}, SHA-256 fingerprint {fingerprint}.',
    certificate_other: "The statement names another certificate than the package's (SHA-256 {sha256}).",
    statement_ok: "The package statement's signature verifies with the signing certificate ({algorithm}).",
    statement_bad: "The package statement's signature does NOT verify with the signing certificate.",
    file_ok: '{count} files match the SHA-256 the signed statement gives.',
    source_statement: 'signed statement',
    source_manifest: 'manifest-sha256.txt',
    source_integrity: "exchange.xml's INTEGRITY",
    file_bad: '{path}: its SHA-256 is not the one the {source} gives (changed).',
    file_missing: '{path}: listed in the {source}, missing from the package.',
    file_unlisted: '{path}: in the package but in no signed list.',
    file_desktop: '{path}: a file the computer added to the folder; not part of the package, ignored.',
    manifest_ok: '{count} files match manifest-sha256.txt.',
    integrity_ok: "{count} files match exchange.xml's INTEGRITY.",
    trail_missing: 'The trail (trail/trail.jsonl) is missing.',
    trail_links_ok:
      'Trail: {rows} rows from #{first} to #{last}, each linked to the one before ({content} about this package with their content, the others by hash only).',
    trail_link_bad: 'Trail row #{id}: its link to the previous row is broken (a row was removed, added or changed).',
    trail_content_bad: 'Trail row #{id}: its content is not the content it was exported with (changed).',
    trail_line_bad: 'Trail line {line} is not a trail row.',
    trail_ends_bad: 'The trail segment does not start, end or count as the signed statement says ({what}).',
    trail_prekey_ok: '{count} trail rows written before the trail had a key were recomputed in full (plain SHA-256).',
    trail_server: 'The server checked every row of the segment with the trail key when it made the package: {result}.',
    trail_server_ok: 'all held',
    checkpoint_ok: 'Checkpoint of {at}: row #{id} has its hash, and {rows} rows up to it.',
    checkpoint_bad: 'Checkpoint of {at} (row #{id}) does not match the trail: {what}.',
    checkpoint_none: 'No checkpoint falls inside the trail segment.',
    pdf_ok: '{path}: PDF signature {n} is valid ({signer}) and covers {range}.',
    pdf_bad: '{path}: PDF signature {n} does NOT hold: {what}.',
    pdf_whole: 'the whole file',
    pdf_part: 'part of the file (bytes were added after it was signed)',
    pdf_none: 'No signed PDF in the package.',
    pdf_ok_other:
      "{path}: PDF signature {n} is valid and covers {range}; it was made by {signer}, not with the package's certificate (signed before it was filed).",
    note_hmac:
      "Not checkable here: each trail row's hash is an HMAC under the trail key, which never leaves the server; the statement signed with the certificate vouches for the server's check, and the links and content digests are checked here.",
    note_trust:
      'Not checkable here: whether the signing certificate is trusted (it may be self-signed); compare its fingerprint with the one the sponsor shows in edoc (System → Signing certificate).',
    note_checkpoint_mac: "Not checkable here: the checkpoints' MACs (trail key); their rows and hashes are checked.",
  },
  'zh-CN': {
    title: 'edoc 检查包校验器',
    all_ok: '全部校验通过。',
    some_fail: '有校验未通过：见标 ✗ 的行。',
    statement_missing: '缺少签名声明（certificate/statement.json 及 .sig）。',
    certificate_missing: '缺少或无法读取签名证书（certificate/signing-certificate.pem）。',
    certificate: '签名证书：{subject}，有效期 {from} 至 {to}，SHA-256 指纹 {fingerprint}。',
    certificate_other: '声明所指的证书不是包中的证书（SHA-256 {sha256}）。',
    statement_ok: '检查包声明的签名经签名证书验证有效（{algorithm}）。',
    statement_bad: '检查包声明的签名未能通过签名证书验证。',
    file_ok: '{count} 个文件与签名声明中的 SHA-256 一致。',
    source_statement: '签名声明',
    source_manifest: ' manifest-sha256.txt ',
    source_integrity: ' exchange.xml 的 INTEGRITY ',
    file_bad: '{path}：其 SHA-256 与{source}中的不一致（已被修改）。',
    file_missing: '{path}：列于{source}，但包中没有。',
    file_unlisted: '{path}：在包中，但不在任何签名清单中。',
    file_desktop: '{path}：电脑在文件夹中添加的文件，不属于检查包，已忽略。',
    manifest_ok: '{count} 个文件与 manifest-sha256.txt 一致。',
    integrity_ok: '{count} 个文件与 exchange.xml 的 INTEGRITY 一致。',
    trail_missing: '缺少稽查轨迹（trail/trail.jsonl）。',
    trail_links_ok:
      '稽查轨迹：自 #{first} 至 #{last} 共 {rows} 行，每行都链接到前一行（{content} 行与本包有关，带内容；其余只含哈希）。',
    trail_link_bad: '稽查轨迹第 #{id} 行：与前一行的链接断开（有行被删除、添加或修改）。',
    trail_content_bad: '稽查轨迹第 #{id} 行：内容与导出时不同（已被修改）。',
    trail_line_bad: '稽查轨迹第 {line} 行不是轨迹记录。',
    trail_ends_bad: '稽查轨迹片段的起止或行数与签名声明不符（{what}）。',
    trail_prekey_ok: '{count} 行在轨迹启用密钥前写入，已完整重算（普通 SHA-256）。',
    trail_server: '服务器生成检查包时已用轨迹密钥校验片段中的每一行：{result}。',
    trail_server_ok: '全部通过',
    checkpoint_ok: '{at} 的检查点：第 #{id} 行哈希一致，截至该行共 {rows} 行。',
    checkpoint_bad: '{at} 的检查点（第 #{id} 行）与轨迹不符：{what}。',
    checkpoint_none: '轨迹片段内没有检查点。',
    pdf_ok: '{path}：PDF 签名 {n} 有效（{signer}），覆盖{range}。',
    pdf_bad: '{path}：PDF 签名 {n} 无效：{what}。',
    pdf_whole: '整个文件',
    pdf_part: '文件的一部分（签名后追加了内容）',
    pdf_none: '包中没有已签名的 PDF。',
    pdf_ok_other: '{path}：PDF 签名 {n} 有效，覆盖{range}；签名者为 {signer}，并非包中的证书（归档前已签名）。',
    note_hmac:
      '此处无法校验：每行轨迹的哈希是以轨迹密钥计算的 HMAC，密钥从不离开服务器；由证书签名的声明担保服务器的校验结果，此处校验链接与内容摘要。',
    note_trust:
      '此处无法校验：签名证书是否可信（可能为自签名）；请将其指纹与申办方在 edoc 中显示的（系统 → 签名证书）比对。',
    note_checkpoint_mac: '此处无法校验：检查点的 MAC（轨迹密钥）；已校验其所指的行与哈希。',
  },
};

/** A result's sentence in a language. */
export function describe(result, lang = 'en-US') {
  const table = MESSAGES[lang] ?? MESSAGES['en-US'];
  const params = result.params ?? {};
  return (table[result.key] ?? result.key).replace(/\{(\w+)\}/g, (_, k) => {
    const v = params[k];
    return v !== undefined && table[v] !== undefined && typeof v === 'string' && /^[a-z_]+$/.test(v)
      ? table[v]
      : String(v ?? '');
  });
}
