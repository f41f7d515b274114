/** README.txt of an inspection package, in both languages (docs/exchange.md part 5). */
export function readmeText(projectCode: string): string {
  return `edoc inspection package — ${projectCode}
====================================================

What is in it
- exchange.xml: the documents as TMF Reference Model exchange objects (eTMF-EMS), each file's SHA-256 in INTEGRITY.
- The documents' files under NN/NN.NN/NN.NN.NN.<artifact>/; a signed version also as "-signed.pdf" with its
  signature page, signed with the certificate below (PAdES).
- manifest-sha256.txt: every file's SHA-256 (sha256sum -c reads it).
- trail/trail.jsonl: the audit trail rows about these documents and the project, with their content, inside the
  segment of edoc's one hash chain from the first to the last of them; the other rows of that segment carry only
  their id, link and hash (another project's content is not given).
- trail/checkpoints.json: the trail's checkpoints inside that segment and its newest anchor.
- certificate/signing-certificate.pem: the certificate edoc signs PDFs and this package with.
- certificate/statement.json and statement.sig: a statement, signed with that certificate, giving the SHA-256 of
  every file of this package, the trail segment's ends and the server's own check of the chain.
- verify/verify.html and verify/verify.mjs: the verifier (the same checks, no network, no other software).

How to verify
- In a browser: open verify/verify.html, choose the unzipped folder or the zip, read the results.
- With Node.js 20 or later: node verify/verify.mjs <unzipped folder or the zip> [--lang=zh-CN]
  Exit code 0 only when every check holds.
- A zip over 2 GB: unzip it and verify the folder (the zip is read into memory).
- Compare the certificate's fingerprint the verifier prints with the one edoc shows (System > Signing certificate).

What it cannot check
- The trail's own hashes are HMACs under a key that never leaves the server: the verifier checks each row's links
  and content digest and the signed statement; the keyed hashes are checked by the server (npm run trail:verify).
- Whether the certificate is trusted (it may be self-signed): that is the fingerprint comparison above.


edoc 检查包 — ${projectCode}
====================================================

包含内容
- exchange.xml：按 TMF 参考模型交换标准（eTMF-EMS）描述的文件，每个文件的 SHA-256 在 INTEGRITY 中。
- 文件位于 NN/NN.NN/NN.NN.NN.<工件>/ 下；已签名的版本另附带签名页的 "-signed.pdf"，以下述证书签名（PAdES）。
- manifest-sha256.txt：每个文件的 SHA-256（可用 sha256sum -c 校验）。
- trail/trail.jsonl：与这些文件及项目有关的稽查轨迹（含内容），位于 edoc 唯一哈希链中从第一行到最后一行的片段内；
  该片段中的其他行只含编号、链接与哈希（不提供其他项目的内容）。
- trail/checkpoints.json：该片段内的轨迹检查点及最新锚点。
- certificate/signing-certificate.pem：edoc 用于签署 PDF 及本包的证书。
- certificate/statement.json 与 statement.sig：以该证书签名的声明，列出本包每个文件的 SHA-256、轨迹片段的起止
  及服务器对哈希链的校验结果。
- verify/verify.html 与 verify/verify.mjs：校验器（校验相同，无需联网，无需其他软件）。

如何校验
- 浏览器：打开 verify/verify.html，选择解压后的文件夹或 zip，查看结果。
- Node.js 20 及以上：node verify/verify.mjs <解压后的文件夹或 zip> [--lang=zh-CN]
  仅当全部校验通过时退出码为 0。
- 超过 2 GB 的 zip：请先解压，再校验文件夹（zip 会整个读入内存）。
- 将校验器显示的证书指纹与 edoc 中显示的（系统 > 签名证书）比对。

无法校验的内容
- 轨迹本身的哈希是以从不离开服务器的密钥计算的 HMAC：校验器校验每行的链接、内容摘要及签名声明；
  带密钥的哈希由服务器校验（npm run trail:verify）。
- 证书是否可信（可能为自签名）：即上述指纹比对。
`.replace(/\n/g, '\r\n');
}
