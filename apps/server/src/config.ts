import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'on' || v === 'true' || v === '1');

/** Every setting comes from the environment, parsed once; each has a working default. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** With DATABASE_URL: the schema owner's address; migrations run as it and DATABASE_URL's role gets only DML. */
  DATABASE_OWNER_URL: z.string().optional(),
  /**
   * Issue 30 part 3: PostgreSQL streaming replicas of DATABASE_URL, comma-separated, for lists, search, reports and
   * dashboards; a replica further behind than READ_REPLICA_MAX_LAG_MS, or down, is skipped.
   */
  DATABASE_READ_URL: z.string().optional(),
  READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(2000),
  ADMIN_EMAIL: z.email().default('admin@edoc.local'),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('edoc <no-reply@edoc.local>'),
  PUBLIC_URL: z.string().optional(),
  LOGIN_CAPTCHA: bool('on'),
  /** The OpenAPI document (/edoc/docs/json) for anyone, not only signed-in users. */
  API_DOCS_PUBLIC: bool('off'),
  /** GET /metrics (issue 29 part 6) answers only with this bearer token; unset, it is off (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),
  /** Idle limit of a session before a project is chosen (the project's idle time applies after). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  EDOC_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The most any uploaded file may weigh; PDF (50 MB) and other viewable types (10 MB) have lower limits (SPEC §5). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(512 * 1024 * 1024),
  /**
   * Issue 28 part 2: a folder on this machine whose zips and folders the system or a company administrator may import
   * by path (packages too large to upload). Unset: off.
   */
  IMPORT_DIR: z.string().min(1).optional(),
  /** A blob no row references is removed only after this long (a row may still be committing). */
  BLOB_GRACE_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** How often a worker activates archived documents whose effective date has come (7 → 6). */
  ACTIVATION_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How often a worker turns new trail rows and due dates into webhook deliveries and sends the due ones. */
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(15),
  /** With S3_BUCKET set, files go to that S3 (or S3-compatible, via S3_ENDPOINT) bucket instead of DATA_DIR/blobs. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Unset: on when S3_ENDPOINT is set (MinIO, Ceph), off for AWS. */
  S3_FORCE_PATH_STYLE: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'on' || v === 'true' || v === '1')),
  S3_PREFIX: z.string().default(''),
  /**
   * With S3_BUCKET: each signed trail checkpoint is also written to the bucket (S3_PREFIX/trail-checkpoints/). Set
   * to a number of days on a bucket made with Object Lock, each is locked (COMPLIANCE) for that long. Unset: no lock.
   */
  S3_OBJECT_LOCK_DAYS: z.coerce.number().int().min(1).optional(),
  /** LibreOffice, which renders Office files as PDF for the viewer; and how long one conversion may take. */
  SOFFICE_PATH: z.string().default('soffice'),
  /**
   * The Python with LibreOffice's UNO (Debian python3-uno), through which one LibreOffice is kept running for all
   * conversions (issue 16); `off`, or a Python without UNO, starts LibreOffice for each file instead.
   */
  OFFICE_PYTHON: z.string().default('/usr/bin/python3'),
  /** poppler's pdftoppm, which draws the first page of a PDF as the list's thumbnail. */
  PDFTOPPM_PATH: z.string().default('pdftoppm'),
  CONVERT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  /**
   * Search inside documents (issue 13): poppler's pdftotext reads a PDF's text; tesseract (Debian tesseract-ocr with
   * -chi-sim and -eng) reads scanned pages and images, and is optional: without it they say OCR is not available.
   * The limits against hostile files: time per program run, pages read, characters kept, OCR pages.
   */
  PDFTOTEXT_PATH: z.string().default('pdftotext'),
  TESSERACT_PATH: z.string().default('tesseract'),
  EXTRACT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  EXTRACT_MAX_PAGES: z.coerce.number().int().min(1).default(2000),
  EXTRACT_MAX_CHARS: z.coerce.number().int().min(1000).default(5_000_000),
  // Above about this many matching documents (the planner's estimate) search gives the newest first instead of the
  // best match: ranking reads every match's text, a second or more for a word in most of 100,000 documents.
  SEARCH_RANK_LIMIT: z.coerce.number().int().min(0).default(5000),
  OCR_MAX_PAGES: z.coerce.number().int().min(0).default(30),
  /** Days a packed download task stays downloadable before its zip may be swept (Download center). */
  DOWNLOAD_TASK_DAYS: z.coerce.number().int().min(1).default(7),
  /**
   * Whose X-Forwarded-For to believe (Fastify trustProxy): off by default, since anyone can send the header and
   * it names the IP of the per-IP sign-in limit and of every trail row. Addresses/CIDRs (comma-separated) of your
   * load balancers.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v): false | string[] => (v === 'off' || v === '' ? false : v.split(',').map((a) => a.trim()))),
  /** The trail's HMAC key (base64, ≥ 32 bytes); unset, DATA_DIR/trail.key is made on first start. */
  TRAIL_KEY: z.string().optional(),
  /** How often a signed checkpoint of the trail is written to DATA_DIR/trail-checkpoints.jsonl (and to S3). */
  TRAIL_CHECKPOINT_MINUTES: z.coerce.number().int().min(1).default(10),
  /**
   * Editing in the browser (issue 15): the discovery address of the customer's WOPI editor (Collabora Online,
   * ONLYOFFICE Docs, Office Online Server); unset, no browser editing. WOPI_HOST_URL is where that editor reaches edoc
   * (default PUBLIC_URL). An access token lives WOPI_TOKEN_MINUTES, and never past its editing session's end.
   */
  WOPI_DISCOVERY_URL: z.url().optional(),
  WOPI_HOST_URL: z.url().optional(),
  WOPI_TOKEN_MINUTES: z.coerce.number().int().min(1).default(600),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .default(1024 * 1024),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Relative to where the command was typed: npm runs workspace scripts in apps/server but keeps that in INIT_CWD,
  // so `npm run seed:demo` at the root uses the same ./data as `npm start`.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    WOPI_HOST_URL: (c.WOPI_HOST_URL ?? c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    blobDir: path.join(dataDir, 'blobs'),
    tmpDir: path.join(dataDir, 'tmp'),
    outboxDir: path.join(dataDir, 'outbox'),
    postgresDir: path.join(dataDir, 'postgres'),
    checkpointFile: path.join(dataDir, 'trail-checkpoints.jsonl'),
    anchorFile: path.join(dataDir, 'trail-head.json'),
  };
}
