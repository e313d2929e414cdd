/**
 * Values stay as typed as they are: no double cast (`x as unknown as T`) anywhere in src, and no cast to a
 * type that names a typed column's values (`status as RegistrantStatus`). Those columns carry the contracts'
 * types in the generated db types (db/column-types.ts), so such a cast could only hide a read of something
 * else. Files, streams and JSON text go out through `sendRaw`; multi-statement queries through
 * `queryStatements`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { COLUMN_TYPE_IMPORTS } from './db/column-types';

const SRC = __dirname;
const GENERATED = path.join(SRC, 'db', 'generated');

/** The contracts' names for typed columns' values, the generated JSON object type, and `Channel` (an alias). */
const COLUMN_VALUE_TYPES = new Set([
  ...Object.entries(COLUMN_TYPE_IMPORTS)
    .filter(([, from]) => from.startsWith('@psb/contracts#'))
    .map(([name]) => name),
  'JsonObject',
  'Channel',
]);

/** Type names a type node mentions (`Channel[] | null` → Channel). */
function typeNames(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isTypeReferenceNode(n)) names.push(n.typeName.getText());
    n.forEachChild(visit);
  };
  visit(node);
  return names;
}

const unwrapped = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) ? unwrapped(e.expression) : e;

/** The casts in `text` this test forbids, as "line: cast". */
function forbiddenCasts(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) {
      const inner = unwrapped(n.expression);
      const line = source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      const double =
        (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) &&
        inner.type.kind === ts.SyntaxKind.UnknownKeyword;
      const narrowed = typeNames(n.type).filter((name) => COLUMN_VALUE_TYPES.has(name));
      if (double) found.push(`${line}: double cast \`${n.getText()}\``);
      else if (narrowed.length) found.push(`${line}: cast to ${narrowed.join(', ')} \`${n.getText()}\``);
    }
    n.forEachChild(visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === GENERATED ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('typed values', () => {
  it('spots double casts and casts to a typed column’s values, and lets other casts be', () => {
    const text = [
      'const a = reply as unknown as FastifyReply;',
      'const b = (<unknown>x) as Buffer;',
      'const c = row.status as RegistrantStatus;',
      'const d = (sp?.channels as Channel[] | undefined) ?? [];',
      'const e = h.detail as Record<string, unknown> as JsonObject;',
      'const f = JSON.parse(body) as FirstPage;',
      "const g = ['a'] as const;",
    ].join('\n');
    expect(forbiddenCasts('sample.ts', text)).toEqual([
      '1: double cast `reply as unknown as FastifyReply`',
      '2: double cast `(<unknown>x) as Buffer`',
      '3: cast to RegistrantStatus `row.status as RegistrantStatus`',
      '4: cast to Channel `sp?.channels as Channel[] | undefined`',
      '5: cast to JsonObject `h.detail as Record<string, unknown> as JsonObject`',
    ]);
  });

  it('holds for every file under src (tests included)', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      forbiddenCasts(file, fs.readFileSync(file, 'utf8')).map((v) => `${path.relative(SRC, file)}:${v}`),
    );
    expect(found).toEqual([]);
  });
});
