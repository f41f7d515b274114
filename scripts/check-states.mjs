// States and role codes are named, never written as their numbers or strings (issue 24, item 2), checked by
// `npm run lint`: outside packages/contract, code compares and writes `TaskState.Open`, `DocStatus.Archived`,
// `RoleCode.StudyPm`, so a reader never has to know that 0 means open or which string is the administrator.
// It reads apps/server/src and apps/web/src (tests too with --tests; *.test.ts files are not checked by default)
// with TypeScript's parser and fails, naming file and line, on:
//   - a number compared with, assigned to, or defaulted into a state-like name: `doc.status === 6`,
//     `{ state: 1 }`, `state: first ? 0 : null`, `state = 0` (parameter), `state: 1 | 2` (type);
//   - a state-like column and a number in a drizzle call: `eq(tasks.state, 0)`, `inArray(x.status, [3, 4])`,
//     or a number list's `.includes(doc.status)`;
//   - `state = 0`, `s.state in (1, 2)`, `approval_status = 1` inside a template literal (the SQL of sql`…`);
//   - a role code as a string: 'STU_PM', 'STU_STAFF', 'COMPANY_ADMIN', 'INSPECTOR', also quoted inside SQL.
// Not checked: comments; SQL migrations (apps/server/src/db/migrations/*.sql: SQL has no names to import);
// HTTP and process statuses (`response.status === 401`, `spawnSync(…).status === 0`: numbers from outside).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['apps/server/src', 'apps/web/src'];
const withTests = process.argv.includes('--tests');

/** Names whose numbers are enumerations of the contract (states.ts, enums.ts, workflow.ts, …). */
const STATE_NAME = /^(state|status|decision|stage|approvalStatus|noticeStatus|userType|type|origin)$/;
const SQL_STATE =
  /\b(state|status|decision|stage|approval_status|notice_status|user_type)\s*(=|<>|!=|<=|>=|<|>|\bin\b|\bnot\s+in\b)\s*\(?\s*\d/gi;
const ROLE_CODES = new Set(['STU_PM', 'STU_STAFF', 'COMPANY_ADMIN', 'INSPECTOR']);
const QUOTED_ROLE = /'(STU_PM|STU_STAFF|COMPANY_ADMIN|INSPECTOR)'/g;
/** Receivers whose `status` is an HTTP or process status, not one of ours. */
const FOREIGN_STATUS = /^(xhr|response|res|reply)$/;
const FOREIGN_CALL = /^(spawnSync|spawn|execFileSync|fetch)$/;
const COMPARE = new Set(['===', '!==', '==', '!=', '<', '>', '<=', '>=', '=']);
const DRIZZLE = /^(eq|ne|gt|gte|lt|lte|inArray|notInArray)$/;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && (withTests || !/\.test\.tsx?$/.test(entry.name))) out.push(full);
  }
  return out;
}

/** The name a node reads: `state`, `doc.status`, `t['status']`. */
function nameOf(node) {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression))
    return node.argumentExpression.text;
  return null;
}

/**
 * A small number, alone or chosen by `?:`, `??` or `||`: `1`, `first ? 0 : null`. Numbers of 100 and more are HTTP
 * codes (`status = 401`), never a state of ours.
 */
function hasNumber(node) {
  if (ts.isParenthesizedExpression(node)) return hasNumber(node.expression);
  if (ts.isNumericLiteral(node)) return Number(node.text) < 100;
  if (ts.isPrefixUnaryExpression(node)) return ts.isNumericLiteral(node.operand);
  if (ts.isConditionalExpression(node)) return hasNumber(node.whenTrue) || hasNumber(node.whenFalse);
  if (ts.isBinaryExpression(node) && ['??', '||'].includes(node.operatorToken.getText()))
    return hasNumber(node.left) || hasNumber(node.right);
  return false;
}

export function check(file, text) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const problems = [];
  const foreign = new Set();
  const report = (node, what, at = node.getStart(), shown = node.getText()) =>
    problems.push(`${file}:${sf.getLineAndCharacterOfPosition(at).line + 1}: ${what}: ${shown}`);
  /** In SQL, the line of the match and the match itself, not the whole statement. */
  const reportIn = (node, pattern, what) => {
    for (const m of node.getText().matchAll(pattern)) report(node, what, node.getStart() + m.index, m[0]);
  };
  const isStateName = (node) => {
    const name = nameOf(node);
    if (!name || !STATE_NAME.test(name)) return false;
    if (name !== 'status' || !ts.isPropertyAccessExpression(node)) return true;
    const owner = node.expression;
    if (ts.isIdentifier(owner)) return !FOREIGN_STATUS.test(owner.text) && !foreign.has(owner.text);
    return !(ts.isCallExpression(owner) && FOREIGN_CALL.test(nameOf(owner.expression) ?? ''));
  };
  const visit = (node) => {
    // `const r = spawnSync(…)`: r.status is the exit status.
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init = node.initializer;
      if (ts.isAwaitExpression(init)) init = init.expression;
      if (ts.isCallExpression(init) && FOREIGN_CALL.test(nameOf(init.expression) ?? '')) foreign.add(node.name.text);
    }
    if (ts.isBinaryExpression(node) && COMPARE.has(node.operatorToken.getText())) {
      for (const [a, b] of [
        [node.left, node.right],
        [node.right, node.left],
      ])
        if (isStateName(a) && hasNumber(b)) report(node, 'a state as a number');
    }
    if (ts.isPropertyAssignment(node) && isStateName(node.name) && hasNumber(node.initializer))
      report(node, 'a state as a number');
    if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && node.initializer && ts.isIdentifier(node.name))
      if (isStateName(node.name) && hasNumber(node.initializer)) report(node, 'a state as a number');
    if (ts.isPropertySignature(node) && node.type && isStateName(node.name)) {
      const types = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
      if (types.some((t) => ts.isLiteralTypeNode(t) && ts.isNumericLiteral(t.literal)))
        report(node, 'a state type as numbers');
    }
    if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      const callee = nameOf(node.expression) ?? '';
      if (DRIZZLE.test(callee) && first && second && isStateName(first)) {
        const values = ts.isArrayLiteralExpression(second) ? second.elements : [second];
        if (values.some(hasNumber)) report(node, 'a state as a number');
      }
      const list = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : null;
      if (callee === 'includes' && list && ts.isArrayLiteralExpression(list) && list.elements.some(hasNumber))
        if (first && isStateName(first)) report(node, 'states as numbers');
    }
    if (ts.isCaseClause(node) && hasNumber(node.expression) && isStateName(node.parent.parent.expression))
      report(node.expression, 'a state as a number');
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (ROLE_CODES.has(node.text)) report(node, 'a role code as a string (RoleCode)');
    }
    if (ts.isTemplateLiteralToken(node)) {
      reportIn(node, SQL_STATE, 'a state as a number in SQL');
      reportIn(node, QUOTED_ROLE, 'a role code as a string in SQL (RoleCode)');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

/** Lines the check must refuse, and lines it must let through: a check that stops seeing fails here first. */
const MUST_FAIL = [
  'if (doc.status === 6) go();',
  'await tx.update(tasks).set({ state: 1 });',
  'const s = { state: first ? 0 : null };',
  'function f(state = 0) {}',
  'interface H { state: 1 | 2 }',
  'where(eq(routeStages.state, 1));',
  'where(inArray(documents.status, [3, 4]));',
  'if ([3, 4, 5].includes(doc.status)) go();',
  'switch (row.decision) { case 1: break; }',
  'sql`select 1 from tasks t where t.state = 0`;',
  'sql`where s.state in (1, 2) and ${x}`;',
  "const code = 'STU_PM';",
  "sql`join roles r on r.code = 'COMPANY_ADMIN'`;",
];
const MUST_PASS = [
  'if (doc.status === DocStatus.Archived) go();',
  'sql`where t.state = ${TaskState.Open}`;',
  'if (response.status === 0 || xhr.status >= 500) retry();',
  "const r = spawnSync('soffice'); ok(r.status === 0);",
  '// state = 0 in a comment, and STU_PM',
  "const kind = 'review';",
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const blind = [
    ...MUST_FAIL.filter((line) => check('sample.ts', line).length === 0).map((line) => `misses: ${line}`),
    ...MUST_PASS.filter((line) => check('sample.ts', line).length > 0).map((line) => `refuses: ${line}`),
  ];
  if (blind.length) {
    console.error(`check-states: the check itself is broken; it ${blind.join('; ')}`);
    process.exit(2);
  }
  const problems = DIRS.flatMap((dir) => walk(path.join(root, dir))).flatMap((file) =>
    check(path.relative(root, file), fs.readFileSync(file, 'utf8')),
  );
  if (problems.length) {
    console.error(`check-states: ${problems.length} state or role code literal(s); use the contract's names:`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
}
