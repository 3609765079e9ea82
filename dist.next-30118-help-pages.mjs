var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/config/paths.ts
import { homedir } from "node:os";
import { join } from "node:path";
function home(env) {
  return env.HOME || homedir();
}
function configDir(env) {
  if (env.HIRE_CONFIG_DIR) return env.HIRE_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(home(env), ".config"), "hire");
}
function dataDir(env) {
  if (env.HIRE_DATA_DIR) return env.HIRE_DATA_DIR;
  return join(env.XDG_DATA_HOME || join(home(env), ".local", "share"), "hire");
}
function configFilePath(env) {
  return join(configDir(env), CONFIG_FILE_NAME);
}
var CONFIG_FILE_NAME;
var init_paths = __esm({
  "src/config/paths.ts"() {
    "use strict";
    CONFIG_FILE_NAME = "config.json";
  }
});

// src/errors.ts
function withHint(error, hint) {
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    hint,
    body: error.body,
    ...error.details ? { details: error.details } : {},
    ...error.requestId ? { requestId: error.requestId } : {},
    ...error.retryAfterSeconds !== void 0 ? { retryAfterSeconds: error.retryAfterSeconds } : {}
  });
}
function exitCodeForStatus(status, code) {
  if (code === "invalid_response" && status !== 401 && status !== 403 && status !== 429) return ExitCode.failure;
  if (status === 400 && code === "validation_error") return ExitCode.usage;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 400 && status < 500 && status !== 409) return ExitCode.usage;
  return ExitCode.failure;
}
var MAX_WAIT_SECONDS, ExitCode, HireError, UsageError, ValidationError, AuthError, NetworkError, InterruptedError, ApiError;
var init_errors = __esm({
  "src/errors.ts"() {
    "use strict";
    MAX_WAIT_SECONDS = 60;
    ExitCode = {
      ok: 0,
      failure: 1,
      usage: 2,
      auth: 3,
      notFound: 4,
      rateLimited: 5,
      network: 6,
      interrupted: 130
    };
    HireError = class extends Error {
      exitCode;
      /** Machine-readable code, printed as `error.code` in the JSON error envelope. */
      code;
      /** Per-field messages (`location.city: is required …`). */
      details;
      /** What the user can do next, one line. */
      hint;
      constructor(message, options) {
        super(message, { cause: options.cause });
        this.name = new.target.name;
        this.exitCode = options.exitCode;
        this.code = options.code;
        this.details = options.details;
        this.hint = options.hint;
      }
    };
    UsageError = class extends HireError {
      constructor(message, options = {}) {
        super(message, { exitCode: ExitCode.usage, code: options.code ?? "usage_error", ...options });
      }
    };
    ValidationError = class extends HireError {
      /** How a field is named to a person: `title (--title)`. */
      labelField;
      constructor(message, details, options = {}) {
        super(message, { exitCode: ExitCode.usage, code: "validation_error", details, ...options.hint ? { hint: options.hint } : {} });
        this.labelField = options.labelField ?? ((field2) => field2);
      }
    };
    AuthError = class extends HireError {
      constructor(message, hint) {
        super(message, { exitCode: ExitCode.auth, code: "no_credentials", ...hint ? { hint } : {} });
      }
    };
    NetworkError = class extends HireError {
      constructor(message, options = {}) {
        super(message, { exitCode: ExitCode.network, code: options.code ?? "network_error", ...options });
      }
    };
    InterruptedError = class extends HireError {
      constructor(message = "Interrupted") {
        super(message, { exitCode: ExitCode.interrupted, code: "interrupted" });
      }
    };
    ApiError = class extends HireError {
      status;
      requestId;
      /** The error envelope as received, printed to stderr with --json. */
      body;
      /** For a 429: how long the server asked to wait. */
      retryAfterSeconds;
      constructor(options) {
        super(options.message, {
          exitCode: exitCodeForStatus(options.status, options.code),
          code: options.code,
          ...options.details ? { details: options.details } : {},
          ...options.hint ? { hint: options.hint } : {}
        });
        this.status = options.status;
        this.requestId = options.requestId;
        this.body = options.body;
        this.retryAfterSeconds = options.retryAfterSeconds;
      }
    };
  }
});

// src/output/cells.ts
function escapeControl(char) {
  if (char === "\n") return "\\n";
  if (char === "	") return "\\t";
  if (char === "\r") return "\\r";
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
function inert(text4) {
  return text4.replace(CONTROLS, escapeControl);
}
function inertLines(text4) {
  return text4.replace(CONTROLS_BUT_NEWLINE, escapeControl);
}
function inertJson(value, indent) {
  return (JSON.stringify(value, null, indent) ?? "null").replace(JSON_RAW_CONTROLS, escapeControl);
}
function cellText(value) {
  if (value === void 0 || value === null) return "";
  if (typeof value === "string") return inert(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) {
    return inert(value.map((item) => String(item)).join(", "));
  }
  return inert(JSON.stringify(value));
}
function displayWidth(text4) {
  let width = 0;
  for (const char of text4) {
    const code = char.codePointAt(0);
    if (code >= 768 && code <= 879) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}
function widest(texts) {
  let most = 0;
  for (const text4 of texts) most = Math.max(most, displayWidth(text4));
  return most;
}
function isWide(code) {
  return code >= 4352 && code <= 4447 || code >= 11904 && code <= 42191 || code >= 44032 && code <= 55203 || code >= 63744 && code <= 64255 || code >= 65072 && code <= 65103 || code >= 65280 && code <= 65376 || code >= 65504 && code <= 65510 || code >= 127744 && code <= 129791 || code >= 131072 && code <= 262141;
}
function truncate(text4, width) {
  if (displayWidth(text4) <= width) return text4;
  let out = "";
  let used2 = 0;
  for (const char of text4) {
    const w = displayWidth(char);
    if (used2 + w > width - 1) break;
    out += char;
    used2 += w;
  }
  return `${out}\u2026`;
}
var CONTROLS, CONTROLS_BUT_NEWLINE, JSON_RAW_CONTROLS;
var init_cells = __esm({
  "src/output/cells.ts"() {
    "use strict";
    CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
    CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
    JSON_RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  }
});

// src/output/fit.ts
var fit_exports = {};
__export(fit_exports, {
  fitUrl: () => fitUrl,
  hardWrap: () => hardWrap,
  layoutColumns: () => layoutColumns,
  tableWidth: () => tableWidth,
  urlAuthority: () => urlAuthority,
  wrapProse: () => wrapProse,
  wrapWords: () => wrapWords
});
function tableWidth(widths) {
  return widths.reduce((sum2, width) => sum2 + width, 0) + widths.length * 3 + 1;
}
function layoutColumns(columns, width) {
  const shown = columns.map((_, index) => index);
  const budget = () => width - shown.length * 3 - 1;
  const floor = (column, strict) => {
    if (column.whole || strict && column.firm) return column.natural;
    const wanted = strict ? Math.max(column.want, column.header, column.least) : Math.max(column.least, RELAXED_FLOOR);
    return Math.min(column.content ?? column.natural, column.natural, wanted);
  };
  const total = (strict) => shown.reduce((sum2, index) => sum2 + floor(columns[index], strict), 0);
  while (total(true) > budget()) {
    let victim = -1;
    for (const [position, index] of shown.entries()) {
      const rank = columns[index].drop;
      if (rank !== void 0 && (victim < 0 || rank > columns[shown[victim]].drop)) victim = position;
    }
    if (victim < 0 || shown.length === 1) break;
    shown.splice(victim, 1);
  }
  let floors = shown.map((index) => floor(columns[index], true));
  let wrapAll = false;
  if (sum(floors) > budget()) {
    while (total(false) > budget()) {
      const last = shown.findLastIndex((index, position) => position > 0 && !columns[index].whole);
      if (last < 0) break;
      shown.splice(last, 1);
    }
    floors = shown.map((index) => floor(columns[index], false));
  }
  if (sum(floors) > budget()) {
    wrapAll = true;
    floors = shown.map(() => 1);
  }
  const room = Math.max(budget(), sum(floors));
  const contents = shown.map((index) => Math.min(columns[index].content ?? columns[index].natural, columns[index].natural));
  const widths = share(share(floors, contents, room), shown.map((index) => columns[index].natural), room);
  return { shown, widths, wrapAll };
}
function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}
function share(floors, naturals, budget) {
  const widths = [...floors];
  let spare = budget - sum(widths);
  while (spare > 0) {
    let narrowest = -1;
    for (const [index, width] of widths.entries()) {
      if (width < naturals[index] && (narrowest < 0 || width < widths[narrowest])) narrowest = index;
    }
    if (narrowest < 0) break;
    widths[narrowest] += 1;
    spare -= 1;
  }
  return widths;
}
function urlAuthority(text4) {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*/i.exec(text4)?.[0];
}
function fitUrl(text4, width) {
  if (displayWidth(text4) <= width) return text4;
  const authority = urlAuthority(text4);
  if (!authority) return truncate(text4, width);
  const kept = displayWidth(authority);
  if (kept + 1 <= width) return `${authority}${truncate(text4.slice(authority.length), width - kept)}`;
  return kept <= width ? authority : truncate(authority, width);
}
function wrapWords(text4, width, lines = Number.POSITIVE_INFINITY) {
  const out = [];
  let at = 0;
  while (out.length < lines - 1) {
    const end = fitEnd(text4, at, width);
    if (end >= text4.length) break;
    const head = text4.slice(at, end);
    const space = head.lastIndexOf(" ");
    const joint = Math.max(...[".", "-", "/", "_"].map((mark) => head.lastIndexOf(mark, head.length - 2)));
    const length = text4[end] === " " ? head.length : space > 0 ? space : joint >= 0 ? joint + 1 : head.length;
    out.push(text4.slice(at, at + length).trimEnd());
    at += length;
    while (at < text4.length && /\s/.test(text4[at])) at++;
  }
  out.push(truncate(text4.slice(at), width));
  return out;
}
function fitEnd(text4, start, width) {
  let used2 = 0;
  let index = start;
  while (index < text4.length) {
    const char = String.fromCodePoint(text4.codePointAt(index));
    const w = displayWidth(char);
    if (used2 + w > width && index > start) break;
    used2 += w;
    index += char.length;
    if (used2 > width) break;
  }
  return index;
}
function hardWrap(text4, width) {
  const out = [];
  let line = "";
  let used2 = 0;
  for (const char of text4) {
    const w = displayWidth(char);
    if (used2 + w > width && line !== "") {
      out.push(line);
      [line, used2] = ["", 0];
    }
    line += char;
    used2 += w;
  }
  out.push(line);
  return out;
}
function wrapProse(text4, width) {
  const lines = [];
  let current = "";
  for (const word of text4.match(/(?:`[^`]*`|[^ `]+|`)+/g) ?? []) {
    if (displayWidth(word) > width) {
      const pieces = wrapWords(current === "" ? word : `${current} ${word}`, width);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1);
    } else if (current !== "" && displayWidth(current) + 1 + displayWidth(word) > width) {
      lines.push(current);
      current = word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  return [...lines, current];
}
var RELAXED_FLOOR;
var init_fit = __esm({
  "src/output/fit.ts"() {
    "use strict";
    init_cells();
    RELAXED_FLOOR = 4;
  }
});

// src/settings.ts
var MAX_TIMEOUT_SECONDS, DEFAULT_SETTINGS;
var init_settings = __esm({
  "src/settings.ts"() {
    "use strict";
    MAX_TIMEOUT_SECONDS = 86400;
    DEFAULT_SETTINGS = Object.freeze({
      profile: void 0,
      format: "table",
      fields: void 0,
      csvRaw: false,
      color: true,
      quiet: false,
      verbose: false,
      timeoutMs: 3e4,
      maxRetries: 3,
      yes: false,
      input: true
    });
  }
});

// src/output/paint.ts
var paint_exports = {};
__export(paint_exports, {
  PLAIN_PAINTER: () => PLAIN_PAINTER,
  colourLevel: () => colourLevel,
  createPainter: () => createPainter
});
function colourLevel(options) {
  const { env } = options;
  if (!options.flag) return 0;
  if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "") return 0;
  const force = env.FORCE_COLOR;
  if (force !== void 0) {
    if (force === "0" || force === "false") return 0;
    const level = Number(force);
    return force === "" || force === "true" || Number.isNaN(level) ? 1 : Math.min(3, Math.max(1, level));
  }
  if (!options.isTTY || env.TERM === "dumb") return 0;
  return 1;
}
async function createPainter(level) {
  if (level === 0) return PLAIN_PAINTER;
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level });
  const painter = {
    bold: (text4) => chalk.bold(text4),
    dim: (text4) => chalk.dim(text4),
    red: (text4) => chalk.red(text4),
    green: (text4) => chalk.green(text4),
    yellow: (text4) => chalk.yellow(text4),
    cyan: (text4) => chalk.cyan(text4),
    status: (text4) => {
      const colour = STATUS_COLOURS[text4.trim().replace(/…$/, "")];
      return colour ? painter[colour](text4) : text4;
    }
  };
  return painter;
}
var STATUS_COLOURS, plain, PLAIN_PAINTER;
var init_paint = __esm({
  "src/output/paint.ts"() {
    "use strict";
    STATUS_COLOURS = {
      active: "green",
      hired: "green",
      ready: "green",
      draft: "dim",
      new: "cyan",
      screening: "cyan",
      review: "yellow",
      interview: "yellow",
      offer: "yellow",
      paused: "yellow",
      closed: "red",
      rejected: "red"
    };
    plain = (text4) => text4;
    PLAIN_PAINTER = {
      bold: plain,
      dim: plain,
      red: plain,
      green: plain,
      yellow: plain,
      cyan: plain,
      status: plain
    };
  }
});

// src/domain/codes.ts
function quotedValue(value) {
  const shown = [...value].length > 24 ? `${[...value].slice(0, 24).join("")}\u2026` : value;
  return JSON.stringify(shown);
}
function codeError(list2, given) {
  const { standard, examples } = CODE_LISTS[list2];
  return `${quotedValue(given)} is not an ${standard} (such as ${examples})`;
}
var ISO_3166_ALPHA2, ISO_4217_CURRENCIES, COUNTRY_CODES, CURRENCY_CODES, normaliseCode, CODE_LISTS;
var init_codes = __esm({
  "src/domain/codes.ts"() {
    "use strict";
    ISO_3166_ALPHA2 = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";
    ISO_4217_CURRENCIES = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG";
    COUNTRY_CODES = new Set(ISO_3166_ALPHA2.split(" "));
    CURRENCY_CODES = new Set(ISO_4217_CURRENCIES.split(" "));
    normaliseCode = (value) => value.trim().replace(/[a-z]/g, (letter) => letter.toUpperCase());
    CODE_LISTS = {
      country: { codes: COUNTRY_CODES, standard: "ISO 3166-1 alpha-2 country code", examples: "US, DE, GB" },
      currency: { codes: CURRENCY_CODES, standard: "ISO 4217 currency code", examples: "USD, EUR, GBP" }
    };
  }
});

// src/domain/merge.ts
function dictionary() {
  return /* @__PURE__ */ Object.create(null);
}
function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function define(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
function overlay(base, top) {
  const out = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const under = own(out, key);
    define(out, key, isPlainObject(under) && isPlainObject(value) ? overlay(under, value) : value);
  }
  return out;
}
function setPath(target, path, value) {
  const segments = path.split(".");
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(own(node, segment))) define(node, segment, {});
    node = node[segment];
  }
  define(node, segments.at(-1), value);
}
var own;
var init_merge = __esm({
  "src/domain/merge.ts"() {
    "use strict";
    own = (target, key) => Object.hasOwn(target, key) ? target[key] : void 0;
  }
});

// src/domain/rules.ts
import * as z from "zod/mini";
function typeError(expected) {
  return (issue) => issue.input === void 0 ? "is required" : `must be ${expected}`;
}
function formatPath(path) {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "body";
}
function issuesToFieldErrors(issues) {
  const errors = dictionary();
  const note = (path, message) => {
    if (!Object.hasOwn(errors, path)) errors[path] = message;
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) note(formatPath([...issue.path, key]), "is not a known field");
      continue;
    }
    note(formatPath(issue.path), issue.message);
  }
  return { ...errors };
}
function validateWith(schema, input2) {
  const result = schema.safeParse(input2);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}
var text, nonEmptyText, oneOf, flag, listOf, textList, wholeNumberBetween, amount, codePoints, minCodePoints, everyKey, isoCode;
var init_rules = __esm({
  "src/domain/rules.ts"() {
    "use strict";
    init_codes();
    init_merge();
    text = () => z.string({ error: typeError("a string") });
    nonEmptyText = () => text().check(z.refine((value) => value.trim().length > 0, { error: "must not be empty" }));
    oneOf = (values) => z.enum(values, { error: typeError(`one of: ${values.join(", ")}`) });
    flag = () => z.boolean({ error: typeError("true or false") });
    listOf = (item, expected) => z.array(item, { error: typeError(expected) });
    textList = () => listOf(nonEmptyText(), "a list of strings");
    wholeNumberBetween = (min, max) => {
      const message = `must be a whole number from ${min} to ${max}`;
      return z.int({ error: typeError(`a whole number from ${min} to ${max}`) }).check(
        z.minimum(min, { error: message }),
        z.maximum(max, { error: message })
      );
    };
    amount = () => z.number({ error: typeError("a number") }).check(z.minimum(0, { error: "must not be negative" }));
    codePoints = (value) => [...value.trim()].length;
    minCodePoints = (min) => text().check(
      z.superRefine((value, ctx) => {
        const length = codePoints(value);
        if (length < min) ctx.addIssue({ code: "custom", message: `must be at least ${min} characters (got ${length})` });
      })
    );
    everyKey = () => (keys) => keys;
    isoCode = (list2) => z.pipe(
      text(),
      z.transform((given, ctx) => {
        const code = normaliseCode(given);
        if (!CODE_LISTS[list2].codes.has(code)) ctx.issues.push({ code: "custom", input: given, message: codeError(list2, given) });
        return code;
      })
    );
  }
});

// src/config/profiles.ts
var profiles_exports = {};
__export(profiles_exports, {
  BUILT_IN_PROFILES: () => BUILT_IN_PROFILES,
  ENVIRONMENTS: () => ENVIRONMENTS,
  LOCAL_BASE_URL: () => LOCAL_BASE_URL,
  LOCAL_PROFILE: () => LOCAL_PROFILE,
  LOCAL_SANDBOX_PROFILE: () => LOCAL_SANDBOX_PROFILE,
  PROFILE_NAME: () => PROFILE_NAME,
  SANDBOX_API_PATH: () => SANDBOX_API_PATH,
  checkConfig: () => checkConfig,
  defaultProfileName: () => defaultProfileName,
  invalidConfig: () => invalidConfig,
  maskKey: () => maskKey,
  profileNames: () => profileNames,
  readConfig: () => readConfig,
  resolveProfile: () => resolveProfile,
  targetEnvironment: () => targetEnvironment
});
import * as z2 from "zod/mini";
import { readFileSync } from "node:fs";
function maskKey(key) {
  if (!key) return "";
  return key.length >= 12 ? `${key.slice(0, 3)}\u2026${key.slice(-4)}` : "\u2026";
}
function readConfig(env) {
  const path = configFilePath(env);
  let text4;
  try {
    text4 = readFileSync(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return {};
    throw new HireError(`Cannot read the config file ${path}: ${error.message}`, {
      exitCode: ExitCode.failure,
      code: "config_unreadable"
    });
  }
  let parsed;
  try {
    parsed = text4.trim() === "" ? {} : JSON.parse(text4);
  } catch (error) {
    throw invalidConfig(path, error.message);
  }
  return checkConfig(path, parsed);
}
function checkConfig(path, parsed) {
  const result = ConfigFileSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalidConfig(path, `${formatPath(issue.path)}: ${issue.message}`);
  }
  return result.data;
}
function invalidConfig(path, reason2) {
  return new HireError(`The config file ${path} cannot be parsed (${reason2}). It was left untouched.`, {
    exitCode: ExitCode.failure,
    code: "config_invalid",
    hint: `Fix or move it away; hire recreates it when you next run \`hire auth login\`.`
  });
}
function profileNames(config) {
  return [...BUILT_IN_PROFILES, ...Object.keys(config.profiles ?? {}).filter((name) => !BUILT_IN_PROFILES.includes(name))];
}
function builtInProfile(name, config) {
  if (name === LOCAL_PROFILE) return { environment: "local", base_url: LOCAL_BASE_URL };
  if (name !== LOCAL_SANDBOX_PROFILE) return void 0;
  const local = config.profiles?.[LOCAL_PROFILE];
  let origin = new URL(LOCAL_BASE_URL).origin;
  if (local?.environment === "local") {
    try {
      origin = new URL(local.base_url).origin;
    } catch {
    }
  }
  return { environment: "local", base_url: origin + SANDBOX_API_PATH };
}
function targetEnvironment(profile) {
  if (profile.environment !== "local") return profile.environment;
  let path;
  try {
    path = new URL(profile.baseUrl).pathname;
  } catch {
    return "production";
  }
  return path === "/sandbox" || path.startsWith("/sandbox/") ? "sandbox" : "production";
}
function defaultProfileName(config) {
  return config.default_profile ?? LOCAL_PROFILE;
}
function resolveProfile(options) {
  const { flag: flag3, env, config } = options;
  const chosen = flag3 ?? (env.HIRE_PROFILE || void 0) ?? config.default_profile;
  const name = chosen ?? LOCAL_PROFILE;
  const stored = config.profiles?.[name] ?? builtInProfile(name, config);
  let record4;
  if (stored) record4 = stored;
  else {
    const known = profileNames(config);
    const from = flag3 ? "--profile" : env.HIRE_PROFILE ? "HIRE_PROFILE" : "default_profile in the config file";
    throw new UsageError(`Profile "${name}" (from ${from}) does not exist. Known profiles: ${known.join(", ")}.`, {
      code: "unknown_profile",
      hint: `Create it with \`hire auth login --profile ${name}\`.`
    });
  }
  const envKey = env.HIRE_API_KEY?.trim();
  const apiKey = envKey || record4.api_key;
  return {
    name,
    environment: record4.environment,
    baseUrl: env.HIRE_BASE_URL || record4.base_url,
    baseUrlSource: env.HIRE_BASE_URL ? "env" : "profile",
    apiKey: apiKey || void 0,
    keySource: envKey ? "env" : record4.api_key ? "profile" : "none",
    explicit: chosen !== void 0
  };
}
var ENVIRONMENTS, LOCAL_PROFILE, LOCAL_BASE_URL, LOCAL_SANDBOX_PROFILE, SANDBOX_API_PATH, BUILT_IN_PROFILES, ProfileRecordSchema, PROFILE_NAME, ConfigFileSchema;
var init_profiles = __esm({
  "src/config/profiles.ts"() {
    "use strict";
    init_errors();
    init_rules();
    init_paths();
    ENVIRONMENTS = ["production", "sandbox", "local"];
    LOCAL_PROFILE = "local";
    LOCAL_BASE_URL = "http://127.0.0.1:4010/api/v1";
    LOCAL_SANDBOX_PROFILE = "local-sandbox";
    SANDBOX_API_PATH = "/sandbox/api/v1";
    BUILT_IN_PROFILES = [LOCAL_PROFILE, LOCAL_SANDBOX_PROFILE];
    ProfileRecordSchema = z2.looseObject({
      environment: z2.enum(ENVIRONMENTS),
      base_url: z2.string(),
      api_key: z2.optional(z2.string()),
      /** When the key was stored, to advise rotation after 90 days (spec "Authentication"). */
      key_saved_at: z2.optional(z2.string())
    });
    PROFILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
    ConfigFileSchema = z2.looseObject({
      default_profile: z2.optional(z2.string()),
      profiles: z2.optional(z2.record(z2.string(), ProfileRecordSchema)),
      /** `webhooks listen`'s signing secret per profile, reused until --rotate-secret (issue 17). */
      listen_secrets: z2.optional(z2.record(z2.string(), z2.string())),
      /**
       * Listeners that registered a webhook, per profile, until they remove it: one killed before it
       * could (SIGKILL) leaves its entry, and the next `listen --register` removes its webhook.
       */
      listen_webhooks: z2.optional(z2.record(z2.string(), z2.array(z2.looseObject({ url: z2.string(), pid: z2.number(), base_url: z2.string() }))))
    });
  }
});

// src/config/emulator-clock.ts
function emulatorClock(env, scaleFlag) {
  const text4 = env.HIRE_EMULATOR_NOW;
  const scale = scaleFlag ?? clockScale(env);
  const given = text4 !== void 0 && text4 !== "";
  if (!given && scale === 1) return void 0;
  const start = given ? Date.parse(text4) : Date.now();
  if (given && (!/^\d{4}-\d{2}-\d{2}T/.test(text4) || Number.isNaN(start))) {
    throw new UsageError(`HIRE_EMULATOR_NOW must be an ISO 8601 time such as 2026-01-01T12:00:00Z (got "${text4}").`);
  }
  const origin = Date.now();
  return () => new Date(start + (Date.now() - origin) * scale);
}
function clockScale(env) {
  const text4 = env.HIRE_EMULATOR_CLOCK_SCALE;
  if (text4 === void 0 || text4 === "") return 1;
  const scale = Number(text4);
  if (!Number.isFinite(scale) || scale < 1 || scale > MAX_CLOCK_SCALE) {
    throw new UsageError(`HIRE_EMULATOR_CLOCK_SCALE must be a number from 1 to ${MAX_CLOCK_SCALE} (got "${text4}").`);
  }
  return scale;
}
var MAX_CLOCK_SCALE;
var init_emulator_clock = __esm({
  "src/config/emulator-clock.ts"() {
    "use strict";
    init_errors();
    MAX_CLOCK_SCALE = 1e5;
  }
});

// src/api/base-url.ts
var base_url_exports = {};
__export(base_url_exports, {
  isLoopbackHost: () => isLoopbackHost,
  lookupLoopback: () => lookupLoopback,
  redactUrl: () => redactUrl,
  resolveBaseUrl: () => resolveBaseUrl
});
import { lookup } from "node:dns";
import { isIP } from "node:net";
function isLoopbackHost(hostname) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost") return true;
  if (host === "::1") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return dotted[1].startsWith("127.");
  const hex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
  return hex !== null && parseInt(hex[1], 16) >> 8 === 127;
}
function lookupLoopback(hostname, options, callback) {
  if (hostname.toLowerCase() !== "localhost") return lookup(hostname, options, callback);
  const loopback = [
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 }
  ].filter(({ family }) => !options.family || options.family === family || options.family === `IPv${family}`);
  if (options.all) callback(null, loopback);
  else callback(null, loopback[0].address, loopback[0].family);
}
function redactUrl(raw) {
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1\u2026@");
}
function resolveBaseUrl(raw, source = "base URL") {
  const shown = redactUrl(raw);
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`The ${source} "${shown}" is not a valid URL.`, {
      code: "invalid_base_url",
      hint: "Use the form https://api.example.com/api/v1."
    });
  }
  if (url.username || url.password) {
    throw new UsageError(`The ${source} "${shown}" must not contain credentials.`, { code: "invalid_base_url" });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UsageError(`The ${source} "${shown}" must use https.`, { code: "invalid_base_url" });
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`The ${source} "${shown}" uses plain http; the API is HTTPS only.`, {
      code: "insecure_base_url",
      hint: "Use https://, or a loopback address (127.0.0.1, ::1, localhost) for a local emulator."
    });
  }
  url.search = "";
  url.hash = "";
  let path = url.pathname.replace(/\/+$/, "");
  let match = VERSION_SUFFIX.exec(path);
  if (!match) {
    path = `${path}/api/v1`;
    match = VERSION_SUFFIX.exec(path);
  }
  const version = Number(match[1]);
  return { href: `${url.origin}${path}`, version, deprecated: version === 0 };
}
var VERSION_SUFFIX;
var init_base_url = __esm({
  "src/api/base-url.ts"() {
    "use strict";
    init_errors();
    VERSION_SUFFIX = /\/api\/v(\d+)$/;
  }
});

// src/emulator/ids.ts
import { randomFillSync } from "node:crypto";
function randomByte() {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++];
}
function randomToken(length) {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}
function newId(prefix) {
  return `${prefix}_${randomToken(prefix === "req" ? 16 : 20)}`;
}
var ALPHABET, pool, used;
var init_ids = __esm({
  "src/emulator/ids.ts"() {
    "use strict";
    ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    pool = Buffer.alloc(4096);
    used = pool.length;
  }
});

// src/emulator/local-key.ts
var local_key_exports = {};
__export(local_key_exports, {
  LOCAL_KEY_PREFIX: () => LOCAL_KEY_PREFIX,
  SANDBOX_DIR: () => SANDBOX_DIR,
  ensureLocalKey: () => ensureLocalKey,
  environmentDataDir: () => environmentDataDir,
  hashKey: () => hashKey,
  localKeyPath: () => localKeyPath
});
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, openSync, readFileSync as readFileSync2, writeSync, closeSync } from "node:fs";
import { join as join2 } from "node:path";
function environmentDataDir(dataDir2, environment) {
  return environment === "sandbox" ? join2(dataDir2, SANDBOX_DIR) : dataDir2;
}
function localKeyPath(dataDir2) {
  return join2(dataDir2, "local.key");
}
function ensureLocalKey(dataDir2) {
  const path = localKeyPath(dataDir2);
  const existing = readKey(path);
  if (existing) return existing;
  mkdirSync(dataDir2, { recursive: true, mode: 448 });
  chmodSync(dataDir2, 448);
  const key = `${LOCAL_KEY_PREFIX}${randomToken(32)}`;
  try {
    const fd = openSync(path, "wx", 384);
    try {
      writeSync(fd, `${key}
`);
    } finally {
      closeSync(fd);
    }
    return key;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let attempt = 0; attempt < 100; attempt++) {
      const theirs = readKey(path);
      if (theirs) return theirs;
      Atomics.wait(pause, 0, 0, 5);
    }
    throw new Error(`The local key file ${path} is empty; delete it to have a new key made.`);
  }
}
function readKey(path) {
  try {
    const key = readFileSync2(path, "utf8").trim();
    return key.startsWith(LOCAL_KEY_PREFIX) && key.length > LOCAL_KEY_PREFIX.length + 16 ? key : void 0;
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw error;
  }
}
function hashKey(key) {
  return createHash("sha256").update(key).digest("hex");
}
var LOCAL_KEY_PREFIX, SANDBOX_DIR;
var init_local_key = __esm({
  "src/emulator/local-key.ts"() {
    "use strict";
    init_ids();
    LOCAL_KEY_PREFIX = "hk_local_";
    SANDBOX_DIR = "sandbox";
  }
});

// src/emulator/presence.ts
var presence_exports = {};
__export(presence_exports, {
  INFO_PATH: () => INFO_PATH,
  infoProof: () => infoProof,
  isAlive: () => isAlive,
  probeEmulator: () => probeEmulator,
  readServerRecord: () => readServerRecord,
  recordPath: () => recordPath,
  removeServerRecord: () => removeServerRecord,
  writeServerRecord: () => writeServerRecord
});
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync as readFileSync3, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join as join3 } from "node:path";
function recordPath(dataDir2) {
  return join3(dataDir2, "emulator.json");
}
function readServerRecord(dataDir2) {
  try {
    const record4 = JSON.parse(readFileSync3(recordPath(dataDir2), "utf8"));
    if (typeof record4.pid !== "number" || typeof record4.url !== "string" || typeof record4.started_at !== "string") return void 0;
    return record4;
  } catch {
    return void 0;
  }
}
function writeServerRecord(dataDir2, record4) {
  const temp = `${recordPath(dataDir2)}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(record4), { mode: 384 });
  renameSync(temp, recordPath(dataDir2));
}
function removeServerRecord(dataDir2, record4) {
  const current = readServerRecord(dataDir2);
  if (current?.pid !== record4.pid || current.started_at !== record4.started_at) return;
  try {
    unlinkSync(recordPath(dataDir2));
  } catch {
  }
}
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function peer(address, port) {
  return `${(address ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "")}:${port ?? 0}`;
}
function infoProof(localKey, nonce, address, port) {
  return createHmac("sha256", localKey).update(`${nonce}
${peer(address, port)}`).digest("hex");
}
function probeEmulator(origin, localKey, timeoutMs = 3e3) {
  const nonce = randomBytes(16).toString("hex");
  return new Promise((resolve2) => {
    let settled = false;
    const done = (verdict) => {
      if (settled) return;
      settled = true;
      resolve2(verdict);
    };
    let url;
    try {
      url = new URL(`${INFO_PATH}?nonce=${nonce}`, origin);
    } catch {
      done("foreign");
      return;
    }
    const req = request(url, { method: "GET", headers: { accept: "application/json" }, timeout: timeoutMs }, (res) => {
      const socket = res.socket;
      const expected = infoProof(localKey, nonce, socket.remoteAddress, socket.remotePort);
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
        if (body.length > 4096) req.destroy();
      });
      res.on("end", () => {
        let proof;
        let standing;
        try {
          ({ proof, standing } = JSON.parse(body).data ?? {});
        } catch {
          proof = void 0;
        }
        const ok2 = res.statusCode === 200 && typeof proof === "string" && proof.length === expected.length && timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
        done(ok2 ? standing === false ? "absent" : "ours" : "foreign");
      });
      res.on("error", () => done("foreign"));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) => done(error.code === "ECONNREFUSED" ? "absent" : "foreign"));
    req.on("close", () => setImmediate(() => done("foreign")));
    req.end();
  });
}
var INFO_PATH;
var init_presence = __esm({
  "src/emulator/presence.ts"() {
    "use strict";
    INFO_PATH = "/_emulator/info";
  }
});

// src/domain/canonical.ts
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
var init_canonical = __esm({
  "src/domain/canonical.ts"() {
    "use strict";
  }
});

// src/domain/nesting.ts
function deeperThan(value, limit = MAX_NESTING) {
  const pending2 = [[value, 1]];
  for (let next = pending2.pop(); next; next = pending2.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending2.push([child, depth + 1]);
  }
  return false;
}
var MAX_NESTING;
var init_nesting = __esm({
  "src/domain/nesting.ts"() {
    "use strict";
    MAX_NESTING = 64;
  }
});

// src/emulator/http.ts
function validationError(details, message = "The request has invalid fields.") {
  return new HttpError(400, "validation_error", message, details);
}
function notFound(what, id) {
  return new HttpError(404, "not_found", `No ${what} with id ${id}.`);
}
function ok(data, meta) {
  return { status: 200, body: meta ? { data, meta } : { data } };
}
function created(data, meta) {
  return { status: 201, body: meta ? { data, meta } : { data } };
}
function noContent() {
  return { status: 204 };
}
var HttpError;
var init_http = __esm({
  "src/emulator/http.ts"() {
    "use strict";
    HttpError = class extends Error {
      constructor(status, code, message, details, headers = {}, extra = {}) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
        this.headers = headers;
        this.extra = extra;
      }
      status;
      code;
      details;
      headers;
      extra;
    };
  }
});

// src/domain/vocabulary.ts
var JOB_STATUSES, CANDIDATE_STATUSES, EXPERIENCE_LEVELS, EMPLOYMENT_TYPES, LOCATION_TYPES, SALARY_PERIODS, QUESTION_TYPES, EVENT_KINDS, KEY_LEVELS, TIERS, DESCRIPTION_MIN_CHARS, QUESTION_COUNT, TIME_LIMIT_SECONDS, JOB_INPUT_PATHS;
var init_vocabulary = __esm({
  "src/domain/vocabulary.ts"() {
    "use strict";
    init_codes();
    JOB_STATUSES = ["draft", "active", "paused", "closed"];
    CANDIDATE_STATUSES = [
      "new",
      "screening",
      "review",
      "interview",
      "offer",
      "hired",
      "rejected"
    ];
    EXPERIENCE_LEVELS = ["entry", "mid", "senior", "lead", "executive"];
    EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "internship"];
    LOCATION_TYPES = ["remote", "hybrid", "onsite"];
    SALARY_PERIODS = ["hourly", "monthly", "yearly"];
    QUESTION_TYPES = ["ranksort", "multiple_choice", "scenario"];
    EVENT_KINDS = [
      "job.created",
      "assessment.generated",
      "application.received",
      "application.created",
      "assessment.completed",
      "candidate.statusChanged",
      "interview.scheduled",
      "offer.extended"
    ];
    KEY_LEVELS = ["read", "write", "admin"];
    TIERS = ["standard", "enterprise"];
    DESCRIPTION_MIN_CHARS = 100;
    QUESTION_COUNT = { min: 5, max: 20, default: 10 };
    TIME_LIMIT_SECONDS = { min: 300, max: 1800, default: 300 };
    JOB_INPUT_PATHS = [
      "title",
      "department",
      "description",
      "location.type",
      "location.city",
      "location.state",
      "location.country",
      "requirements",
      "skills",
      "experience_level",
      "employment_type",
      "salary.min",
      "salary.max",
      "salary.currency",
      "salary.period",
      "assessment_config.auto_generate",
      "assessment_config.question_count",
      "assessment_config.time_limit",
      "assessment_config.proctoring",
      "assessment_config.question_types"
    ];
  }
});

// src/domain/candidate.ts
import * as z3 from "zod/mini";
function canMoveCandidate(from, to) {
  if (FINAL.includes(from)) return false;
  if (to === "rejected") return true;
  const distance = CANDIDATE_PIPELINE.indexOf(to) - CANDIDATE_PIPELINE.indexOf(from);
  return distance === 1 || distance === -1;
}
function candidateMovesFrom(from) {
  return [...CANDIDATE_PIPELINE, "rejected"].filter((to) => canMoveCandidate(from, to));
}
function validateCandidateMove(input2) {
  return validateWith(CandidateMoveSchema, input2);
}
var CANDIDATE_RECORD_FIELDS, CANDIDATE_PIPELINE, FINAL, CandidateMoveSchema;
var init_candidate = __esm({
  "src/domain/candidate.ts"() {
    "use strict";
    init_rules();
    init_vocabulary();
    CANDIDATE_RECORD_FIELDS = everyKey()([
      "id",
      "job_id",
      "name",
      "email",
      "status",
      "score",
      "applied_at",
      "created_at",
      "updated_at"
    ]);
    CANDIDATE_PIPELINE = ["new", "screening", "review", "interview", "offer", "hired"];
    FINAL = ["hired", "rejected"];
    CandidateMoveSchema = z3.strictObject({ status: oneOf(CANDIDATE_STATUSES) }, { error: typeError("a JSON object") });
  }
});

// src/emulator/db.ts
import { createRequire } from "node:module";
function load() {
  if (binding) return binding;
  const require2 = createRequire(import.meta.url);
  let family = null;
  let glibc = "";
  try {
    const detect = createRequire(require2.resolve("libsql"))("detect-libc");
    family = detect.familySync();
    glibc = detect.GLIBC;
  } catch {
  }
  const report2 = process.report;
  const getReport = report2?.getReport;
  if (report2 && getReport && family !== null) report2.getReport = () => ({ header: family === glibc ? { glibcVersionRuntime: "detect-libc" } : {} });
  try {
    binding = require2("libsql");
  } finally {
    if (report2 && getReport) report2.getReport = getReport;
  }
  return binding;
}
function clean(row) {
  if (row === void 0 || row === null) return void 0;
  const { _metadata: _, ...columns } = row;
  return columns;
}
function wrapError(error) {
  const code = error.code;
  if (error instanceof Error && typeof code === "string" && code.startsWith("SQLITE")) return new DatabaseError(error.message, code);
  return error;
}
function openDatabase(path, options) {
  const Libsql = load();
  let db;
  try {
    db = new Libsql(path);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  } catch (error) {
    throw wrapError(error);
  }
  const cache = /* @__PURE__ */ new Map();
  const prepare = (sql) => {
    let statement = cache.get(sql);
    if (statement) return statement;
    let raw;
    try {
      raw = db.prepare(sql);
    } catch (error) {
      throw wrapError(error);
    }
    statement = {
      run(...params) {
        try {
          const { changes, lastInsertRowid } = raw.run(...params);
          return { changes, lastInsertRowid: Number(lastInsertRowid) };
        } catch (error) {
          throw wrapError(error);
        }
      },
      get(...params) {
        try {
          return clean(raw.get(...params));
        } catch (error) {
          throw wrapError(error);
        }
      },
      all(...params) {
        try {
          return raw.all(...params).map((row) => clean(row));
        } catch (error) {
          throw wrapError(error);
        }
      }
    };
    cache.set(sql, statement);
    return statement;
  };
  return {
    exec(sql) {
      try {
        db.exec(sql);
      } catch (error) {
        throw wrapError(error);
      }
    },
    prepare,
    transaction(mode, fn) {
      if (db.inTransaction) return fn();
      try {
        db.exec(mode === "immediate" ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
      } catch (error) {
        throw wrapError(error);
      }
      let result;
      try {
        result = fn();
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
      try {
        db.exec("COMMIT");
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw wrapError(error);
      }
      return result;
    },
    get inTransaction() {
      return db.inTransaction;
    },
    close() {
      cache.clear();
      db.close();
    }
  };
}
var DatabaseError, binding;
var init_db = __esm({
  "src/emulator/db.ts"() {
    "use strict";
    DatabaseError = class extends Error {
      constructor(message, code) {
        super(message);
        this.code = code;
      }
      code;
    };
  }
});

// src/emulator/legacy.ts
import { readFileSync as readFileSync4 } from "node:fs";
import { join as join4 } from "node:path";
function readLegacyState(dir) {
  const snapshotPath = join4(dir, "state.json");
  const journalPath = join4(dir, "journal.jsonl");
  const snapshotText = readIfExists(snapshotPath);
  const journalText = readIfExists(journalPath);
  if (snapshotText === void 0 && journalText === void 0) return void 0;
  const collections = /* @__PURE__ */ new Map();
  const collection = (name) => {
    let records = collections.get(name);
    if (!records) collections.set(name, records = /* @__PURE__ */ new Map());
    return records;
  };
  if (snapshotText !== void 0 && snapshotText !== "") {
    let snapshot;
    try {
      snapshot = JSON.parse(snapshotText);
    } catch (error) {
      throw new LegacyFormatError(`The emulator data file ${snapshotPath} is corrupt (${error.message}); it was left untouched.`);
    }
    for (const [name, records] of Object.entries(snapshot.collections ?? {})) {
      if (!Array.isArray(records)) continue;
      for (const record4 of records) if (typeof record4?.id === "string") collection(name).set(record4.id, record4);
    }
  }
  const lines = (journalText ?? "").split("\n");
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      if (lines.slice(index + 1).every((rest) => rest === "")) break;
      throw new LegacyFormatError(`The emulator journal ${journalPath} is corrupt at line ${index + 1}; it was left untouched.`);
    }
    if (entry.op === "put" && typeof entry.v?.id === "string") collection(entry.c).set(entry.v.id, entry.v);
    else if (entry.op === "del") collection(entry.c).delete(entry.id);
  }
  return collections;
}
function readIfExists(path) {
  try {
    return readFileSync4(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw error;
  }
}
var LegacyFormatError, LEGACY_FILES;
var init_legacy = __esm({
  "src/emulator/legacy.ts"() {
    "use strict";
    LegacyFormatError = class extends Error {
    };
    LEGACY_FILES = ["state.json", "journal.jsonl"];
  }
});

// src/emulator/store.ts
import { chmodSync as chmodSync2, closeSync as closeSync2, existsSync, mkdirSync as mkdirSync2, openSync as openSync2, readFileSync as readFileSync5, renameSync as renameSync2 } from "node:fs";
import { join as join5 } from "node:path";
function isFieldPath(path) {
  return FIELD_PATH.test(path);
}
function field(path) {
  if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
  return `json_extract(doc, '$.${path}')`;
}
function table(name) {
  if (!COLLECTIONS.includes(name)) throw new StoreError(`unknown collection ${name}`);
  return name;
}
function whereClause(conditions) {
  return conditions && conditions.length > 0 ? ` WHERE ${conditions.map((condition) => `(${condition})`).join(" AND ")}` : "";
}
function schemaVersion(db) {
  const hasMeta = db.prepare("SELECT 1 AS yes FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!hasMeta) return 0;
  return Number(db.prepare("SELECT value FROM meta WHERE name = 'schema_version'").get()?.value ?? 0);
}
function migrateSchema(db, path) {
  if (schemaVersion(db) === MIGRATIONS.length) return;
  db.transaction("immediate", () => {
    const version = schemaVersion(db);
    if (version > MIGRATIONS.length) {
      throw new StoreError(`The emulator database ${path} was made by a newer hire (schema ${version}); update hire to use it. It was left untouched.`);
    }
    for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
    if (version < MIGRATIONS.length) {
      db.prepare("INSERT INTO meta (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(
        String(MIGRATIONS.length)
      );
    }
  });
}
function importLegacy(db, dir) {
  const present = LEGACY_FILES.filter((name) => existsSync(join5(dir, name)));
  if (present.length === 0) return void 0;
  const holder = earlierEmulator(dir);
  if (holder !== void 0) {
    throw new StoreError(
      `An emulator of an earlier hire (pid ${holder}) still uses the data dir ${dir}; stop it, then run this again (its data then moves into ${DATABASE_FILE}). Nothing was changed.`
    );
  }
  let records = 0;
  const imported = db.transaction("immediate", () => {
    if (db.prepare("SELECT value FROM meta WHERE name = 'legacy_migrated_at'").get()) return false;
    const state = readLegacyState(dir);
    const insert = (name) => db.prepare(`INSERT INTO ${name} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
    for (const [name, collection] of state ?? []) {
      if (!COLLECTIONS.includes(name)) continue;
      const statement = insert(name);
      for (const record4 of collection.values()) {
        statement.run(record4.id, JSON.stringify(record4));
        records += 1;
      }
    }
    db.prepare("INSERT INTO meta (name, value) VALUES ('legacy_migrated_at', ?)").run((/* @__PURE__ */ new Date()).toISOString());
    return true;
  });
  const strays = [];
  for (const name of present) {
    const from = join5(dir, name);
    let to = join5(dir, `${name}.migrated`);
    try {
      if (!imported && existsSync(to) && !readFileSync5(from).equals(readFileSync5(to))) {
        to = join5(dir, `${name}.unimported-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`);
        strays.push(to);
      }
      renameSync2(from, to);
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
  }
  if (imported) return { records, files: present.map((name) => `${name}.migrated`) };
  return strays.length > 0 ? { records: 0, files: [], strays } : void 0;
}
function earlierEmulator(dir) {
  try {
    const { pid } = JSON.parse(readFileSync5(join5(dir, "emulator.lock"), "utf8"));
    if (typeof pid !== "number" || pid === process.pid) return void 0;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === "EPERM" ? -1 : void 0;
  }
}
var FIRST_COLLECTIONS, COLLECTIONS, StoreError, DATABASE_FILE, DEFAULT_BUSY_TIMEOUT_MS, FIELD_PATH, INDEXED, MIGRATIONS, Store;
var init_store = __esm({
  "src/emulator/store.ts"() {
    "use strict";
    init_db();
    init_legacy();
    FIRST_COLLECTIONS = ["jobs", "assessments", "candidates", "webhooks", "keys", "idempotency", "events", "deliveries"];
    COLLECTIONS = [...FIRST_COLLECTIONS, "applications"];
    StoreError = class extends Error {
      name = "StoreError";
    };
    DATABASE_FILE = "emulator.db";
    DEFAULT_BUSY_TIMEOUT_MS = 6e4;
    FIELD_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
    INDEXED = {
      jobs: [["status"]],
      candidates: [["job_id"], ["status"], ["score"]],
      assessments: [["job_id"]],
      keys: [["hash"]],
      deliveries: [["webhook_id"], ["state", "next_attempt_at"]]
    };
    MIGRATIONS = [
      [
        "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
        ...FIRST_COLLECTIONS.map((name) => `CREATE TABLE ${name} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`),
        ...Object.entries(INDEXED).flatMap(
          ([name, indexes]) => indexes.map((fields) => `CREATE INDEX ${name}_${fields.join("_")} ON ${name} (${fields.map(field).join(", ")})`)
        ),
        // A delivery attempt under way in some process: others leave it alone until the lease ends.
        "ALTER TABLE deliveries ADD COLUMN lease_until INTEGER",
        // Requests counted per key and window (hour, day), shared by every process on the data dir.
        "CREATE TABLE usage (key_id TEXT NOT NULL, window TEXT NOT NULL, start INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key_id, window)) WITHOUT ROWID"
      ].join(";\n"),
      // The candidate's side (CONTRACT §7): applications, found by their assessment token's hash.
      [
        "CREATE TABLE applications (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)",
        `CREATE INDEX applications_token_hash ON applications (${field("token_hash")})`
      ].join(";\n"),
      // The event log (issue 17): events by time (for retention; filters by kind and job scan at most
      // 10,000, cheaper than an index on every insert); the deliveries of an event; and the requests
      // the emulator answered, for `hire logs tail` (request-log.ts).
      [
        `CREATE INDEX events_created_at ON events (${field("created_at")})`,
        `CREATE INDEX deliveries_event_id ON deliveries (${field("event_id")})`,
        "CREATE TABLE requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL)"
      ].join(";\n")
    ];
    Store = class _Store {
      dir;
      path;
      db;
      /** Set when this open moved a first-format data dir into the database. */
      migrated;
      #closed = false;
      constructor(dir, db, migrated) {
        this.dir = dir;
        this.path = join5(dir, DATABASE_FILE);
        this.db = db;
        this.migrated = migrated;
      }
      static open(dir, options = {}) {
        mkdirSync2(dir, { recursive: true, mode: 448 });
        chmodSync2(dir, 448);
        const path = join5(dir, DATABASE_FILE);
        try {
          closeSync2(openSync2(path, "wx", 384));
        } catch (error) {
          if (error.code !== "EEXIST") throw error;
        }
        chmodSync2(path, 384);
        let db;
        try {
          db = openDatabase(path, { busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
          db.exec("PRAGMA journal_mode = WAL");
          db.exec("PRAGMA synchronous = NORMAL");
          migrateSchema(db, path);
          for (const suffix of ["-wal", "-shm"]) if (existsSync(path + suffix)) chmodSync2(path + suffix, 384);
          const migrated = importLegacy(db, dir);
          return new _Store(dir, db, migrated);
        } catch (error) {
          db?.close();
          if (error instanceof StoreError) throw error;
          if (error instanceof LegacyFormatError) throw new StoreError(error.message);
          if (error instanceof DatabaseError && (error.code === "SQLITE_NOTADB" || error.code === "SQLITE_CORRUPT")) {
            throw new StoreError(`The emulator database ${path} is not readable (${error.message}); it was left untouched.`);
          }
          throw error;
        }
      }
      /** Runs fn as one write transaction: it sees and commits its writes together, or none of them. */
      write(fn) {
        this.#open();
        return this.db.transaction("immediate", fn);
      }
      /** Runs fn on one consistent snapshot of the data. */
      read(fn) {
        this.#open();
        return this.db.transaction("deferred", fn);
      }
      /** Every record of a collection (where each given field equals its value), oldest first. */
      all(name, where = {}) {
        const entries = Object.entries(where);
        return this.select(name, { where: entries.map(([path]) => `${field(path)} = ?`), params: entries.map(([, value]) => value) });
      }
      select(name, selection = {}) {
        const sql = `SELECT doc FROM ${table(name)}${whereClause(selection.where)} ORDER BY ${[...selection.order ?? [], "seq"].join(", ")}${selection.limit !== void 0 ? ` LIMIT ${Math.floor(selection.limit)} OFFSET ${Math.floor(selection.offset ?? 0)}` : ""}`;
        return this.#open().prepare(sql).all(...selection.params ?? []).map((row) => JSON.parse(row.doc));
      }
      count(name, selection = {}) {
        const row = this.#open().prepare(`SELECT count(*) AS n FROM ${table(name)}${whereClause(selection.where)}`).get(...selection.params ?? []);
        return Number(row?.n ?? 0);
      }
      get(name, id) {
        const row = this.#open().prepare(`SELECT doc FROM ${table(name)} WHERE id = ?`).get(id);
        return row ? JSON.parse(row.doc) : void 0;
      }
      /** The first record whose field equals value (an indexed field, for lookups such as a key's hash). */
      findBy(name, path, value) {
        const row = this.#open().prepare(`SELECT doc FROM ${table(name)} WHERE ${field(path)} = ? ORDER BY seq LIMIT 1`).get(value);
        return row ? JSON.parse(row.doc) : void 0;
      }
      /** Stores the record; an update keeps the record's place in the collection's order. */
      put(name, record4) {
        this.#open().prepare(`INSERT INTO ${table(name)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`).run(record4.id, JSON.stringify(record4));
        return record4;
      }
      delete(name, id) {
        return this.#open().prepare(`DELETE FROM ${table(name)} WHERE id = ?`).run(id).changes > 0;
      }
      /** Deletes the records whose field equals value; returns how many. */
      deleteWhere(name, path, value) {
        return this.#open().prepare(`DELETE FROM ${table(name)} WHERE ${field(path)} = ?`).run(value).changes;
      }
      /** Deletes every record of the collection; returns how many there were. */
      clear(name) {
        return this.#open().prepare(`DELETE FROM ${table(name)}`).run().changes;
      }
      /** A value of the database's own bookkeeping (the meta table), such as when the sandbox was last reset. */
      meta(name) {
        const row = this.#open().prepare("SELECT value FROM meta WHERE name = ?").get(name);
        return row ? String(row.value) : void 0;
      }
      setMeta(name, value) {
        this.#open().prepare("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(name, value);
      }
      close() {
        if (this.#closed) return;
        this.#closed = true;
        this.db.close();
      }
      #open() {
        if (this.#closed) throw new StoreError("the store is closed");
        return this.db;
      }
    };
  }
});

// src/emulator/list.ts
function listRecords(store, name, query, spec) {
  const errors = dictionary();
  const page = wholeNumber(query.get("page"), 1, 1, Infinity, "page", errors);
  const perPage = wholeNumber(query.get("per_page"), PER_PAGE_DEFAULT, 1, PER_PAGE_MAX, "per_page", errors);
  const known = new Set(spec.fields);
  const isField = (path) => known.has(path.split(".")[0]) && isFieldPath(path);
  const sortKeys = splitList(query.get("sort"));
  const unknownSort = sortKeys.map((key) => key.replace(/^-/, "")).filter((path) => !isField(path));
  if (unknownSort.length > 0) errors.sort = `cannot sort by ${unknownSort.join(", ")}; fields: ${spec.fields.join(", ")}`;
  const selected = splitList(query.get("fields"));
  const unknownFields = selected.filter((path) => !isField(path));
  if (unknownFields.length > 0) errors.fields = `unknown field ${unknownFields.join(", ")}; fields: ${spec.fields.join(", ")}`;
  const where = [];
  const params = [];
  for (const [path, value] of Object.entries(spec.scope ?? {})) {
    where.push(`${field(path)} = ?`);
    params.push(value);
  }
  if (spec.condition) {
    where.push(spec.condition.sql);
    params.push(...spec.condition.params);
  }
  for (const name2 of new Set(query.keys())) {
    if (RESERVED.has(name2)) continue;
    const values = query.getAll(name2).flatMap((value) => value.split(","));
    const custom = spec.filters?.[name2];
    if (custom) {
      try {
        for (const value of values) {
          params.push(custom.parse(value));
          where.push(custom.sql);
        }
      } catch (error) {
        errors[name2] = error.message;
      }
    } else if (isField(name2)) {
      const matched = matchesAny(name2, values);
      where.push(matched.sql);
      params.push(...matched.params);
    } else {
      errors[name2] = "is not a field that can be filtered";
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, "Invalid list parameters.");
  const order = sortKeys.length > 0 ? sortKeys.flatMap(orderTerms) : ["seq DESC"];
  const show = spec.show ?? ((record4) => record4);
  return store.read(() => {
    const total = store.count(name, { where, params });
    const records = store.select(name, { where, params, order, limit: perPage, offset: (page - 1) * perPage }).map(show);
    const data = selected.length > 0 ? records.map((item) => pick(item, selected)) : records;
    return {
      data,
      meta: { current_page: page, per_page: perPage, total_pages: Math.ceil(total / perPage), total_count: total }
    };
  });
}
function wholeNumber(raw, fallback, min, max, name, errors) {
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
    errors[name] = max === Infinity ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
    return fallback;
  }
  return value;
}
function splitList(raw) {
  return (raw ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "");
}
function pick(item, fields) {
  const out = dictionary();
  for (const path of fields) {
    if (fields.some((other) => path.startsWith(`${other}.`))) continue;
    const parts = path.split(".");
    let from = item;
    let into = out;
    for (const [index, part] of parts.entries()) {
      if (from === null || typeof from !== "object" || Array.isArray(from) || !Object.hasOwn(from, part)) break;
      from = from[part];
      if (index === parts.length - 1) into[part] = from;
      else {
        if (into[part] === null || typeof into[part] !== "object") into[part] = dictionary();
        into = into[part];
      }
    }
  }
  return out;
}
function matchesAny(path, values) {
  const wanted = values.map((value) => value.toLowerCase());
  const marks = wanted.map(() => "?").join(", ");
  const text4 = `lower(CASE item.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null' WHEN 'object' THEN json(item.value) WHEN 'array' THEN json(item.value) ELSE CAST(item.value AS TEXT) END)`;
  return {
    sql: `CASE json_type(doc, '$.${path}') WHEN 'object' THEN lower(json_extract(doc, '$.${path}')) IN (${marks}) ELSE EXISTS (SELECT 1 FROM json_each(doc, '$.${path}') AS item WHERE ${text4} IN (${marks})) END`,
    params: [...wanted, ...wanted]
  };
}
function orderTerms(key) {
  const descending = key.startsWith("-");
  const value = field(descending ? key.slice(1) : key);
  const direction = descending ? " DESC" : "";
  return [`(${value} IS NULL)`, `${value} COLLATE NOCASE${direction}`, `${value}${direction}`];
}
var PER_PAGE_DEFAULT, PER_PAGE_MAX, RESERVED;
var init_list = __esm({
  "src/emulator/list.ts"() {
    "use strict";
    init_merge();
    init_http();
    init_store();
    PER_PAGE_DEFAULT = 20;
    PER_PAGE_MAX = 100;
    RESERVED = /* @__PURE__ */ new Set(["page", "per_page", "sort", "fields"]);
  }
});

// src/emulator/routes/candidates.ts
function findCandidate(ctx, id) {
  const candidate = ctx.store.get("candidates", id);
  if (!candidate) throw notFound("candidate", id);
  return candidate;
}
function emitStatusChange(ctx, candidate, previous) {
  ctx.events.emit("candidate.statusChanged", { ...candidate, previous_status: previous });
  if (candidate.status === "interview") ctx.events.emit("interview.scheduled", candidate);
  if (candidate.status === "offer") ctx.events.emit("offer.extended", candidate);
}
var candidateRoutes;
var init_candidates = __esm({
  "src/emulator/routes/candidates.ts"() {
    "use strict";
    init_candidate();
    init_http();
    init_list();
    init_store();
    candidateRoutes = [
      {
        method: "GET",
        path: "/candidates",
        handler(req, ctx) {
          const page = listRecords(ctx.store, "candidates", req.query, {
            fields: CANDIDATE_RECORD_FIELDS,
            filters: {
              score_min: {
                parse(value) {
                  const number4 = Number(value);
                  if (value.trim() === "" || !Number.isFinite(number4)) throw new Error("must be a number");
                  return number4;
                },
                sql: `${field("score")} >= ?`
              }
            }
          });
          return ok(page.data, page.meta);
        }
      },
      {
        method: "GET",
        path: "/candidates/:id",
        handler(req, ctx) {
          return ok(findCandidate(ctx, req.params.id));
        }
      },
      {
        method: "PATCH",
        path: "/candidates/:id",
        handler(req, ctx) {
          const candidate = findCandidate(ctx, req.params.id);
          const result = validateCandidateMove(req.body);
          if (!result.ok) throw validationError(result.errors);
          const { status } = result.value;
          if (!canMoveCandidate(candidate.status, status)) {
            const message = candidate.status === status ? `Candidate ${candidate.id} is already in ${status}.` : `Candidate ${candidate.id} is in ${candidate.status}; it can move one step along the pipeline, one back, or to rejected, not to ${status}.`;
            throw new HttpError(409, "conflict", message);
          }
          const updated = { ...candidate, status, updated_at: ctx.now().toISOString() };
          ctx.store.put("candidates", updated);
          emitStatusChange(ctx, updated, candidate.status);
          return ok(updated);
        }
      }
    ];
  }
});

// src/emulator/applications.ts
function createApplication(ctx, job, applicant, id = newId("cand")) {
  const stamp = ctx.now().toISOString();
  const candidate = {
    id,
    job_id: job.id,
    name: applicant.name,
    email: applicant.email,
    status: "new",
    score: null,
    applied_at: stamp,
    created_at: stamp,
    updated_at: stamp
  };
  ctx.store.put("candidates", candidate);
  ctx.events.emit("application.received", candidate);
  ctx.events.emit("application.created", candidate);
  return candidate;
}
function addToCandidateCount(ctx, job, count3) {
  const current = ctx.store.get("jobs", job.id) ?? job;
  ctx.store.put("jobs", { ...current, candidate_count: current.candidate_count + count3, updated_at: ctx.now().toISOString() });
}
function moveCandidate(ctx, candidate, status) {
  const moved = { ...candidate, status, updated_at: ctx.now().toISOString() };
  ctx.store.put("candidates", moved);
  emitStatusChange(ctx, moved, candidate.status);
  return moved;
}
function completeAssessment(ctx, job, candidate, score) {
  const reviewAt = CANDIDATE_PIPELINE.indexOf("review");
  const at = CANDIDATE_PIPELINE.indexOf(candidate.status);
  const beforeReview = at >= 0 && at < reviewAt;
  let current = candidate;
  if (beforeReview) for (const status of CANDIDATE_PIPELINE.slice(at + 1, reviewAt)) current = moveCandidate(ctx, current, status);
  const scored = { ...current, score, updated_at: ctx.now().toISOString() };
  ctx.events.emit("assessment.completed", { candidate_id: scored.id, job_id: job.id, assessment_id: job.assessment_id, score });
  if (beforeReview) return moveCandidate(ctx, scored, "review");
  ctx.store.put("candidates", scored);
  return scored;
}
var init_applications = __esm({
  "src/emulator/applications.ts"() {
    "use strict";
    init_candidate();
    init_ids();
    init_candidates();
  }
});

// src/emulator/simulate.ts
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function simulateApplications(ctx, job, options) {
  const random = seededRandom(options.seed);
  const byStatus = {};
  for (let index = 0; index < options.applications; index++) {
    const first = FIRST[Math.floor(random() * FIRST.length)];
    const last = LAST[Math.floor(random() * LAST.length)];
    let roll = random() * 100;
    const spread = SPREAD.find(([, share2]) => (roll -= share2) < 0)?.[0] ?? "new";
    const scoreRoll = random();
    const target = options.advance ? spread : options.completeAssessments ? "review" : "new";
    const id = newId("cand");
    const applicant = { name: `${first} ${last}`, email: `${first}.${last}.${id.slice(-6)}@example.com`.toLowerCase() };
    let candidate = createApplication(ctx, job, applicant, id);
    const path = target === "rejected" ? ["screening", "review", "rejected"] : CANDIDATE_PIPELINE.slice(1, CANDIDATE_PIPELINE.indexOf(target) + 1);
    for (const status of path) {
      if (status === "screening" && path.includes("review")) continue;
      if (status === "review") {
        const floor = SCORE_FLOOR[target] ?? 0;
        candidate = completeAssessment(ctx, job, candidate, Math.min(100, Math.round(floor + scoreRoll * (100 - floor))));
      } else candidate = moveCandidate(ctx, candidate, status);
    }
    byStatus[candidate.status] = (byStatus[candidate.status] ?? 0) + 1;
  }
  addToCandidateCount(ctx, job, options.applications);
  return { job_id: job.id, created: options.applications, by_status: byStatus };
}
var FIRST, LAST, SPREAD, SCORE_FLOOR;
var init_simulate = __esm({
  "src/emulator/simulate.ts"() {
    "use strict";
    init_candidate();
    init_ids();
    init_applications();
    FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis", "Radia", "Linus", "Hedy", "John", "Katherine", "Tim"];
    LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton", "Ritchie", "Perlman", "Torvalds", "Lamarr", "Backus", "Johnson", "Berners-Lee"];
    SPREAD = [
      ["new", 20],
      ["screening", 20],
      ["review", 22],
      ["interview", 14],
      ["offer", 6],
      ["hired", 4],
      ["rejected", 14]
    ];
    SCORE_FLOOR = { review: 45, interview: 65, offer: 75, hired: 80, rejected: 10 };
  }
});

// src/emulator/chaos.ts
function createChaos(options) {
  const random = seededRandom(options.seed ?? 1);
  const weights = FAULTS.map((fault) => Math.max(0, options.weights?.[fault] ?? 1));
  const total = weights.reduce((sum2, weight) => sum2 + weight, 0);
  const counts = Object.fromEntries(FAULTS.map((fault) => [fault, 0]));
  const maxLatency = options.maxLatencyMs ?? 800;
  return {
    counts,
    next() {
      const roll = random();
      const kind = random() * total;
      const size = random();
      if (roll >= options.rate || total === 0) return void 0;
      let left = kind;
      const index = weights.findIndex((weight) => (left -= weight) < 0);
      const fault = FAULTS[index === -1 ? FAULTS.length - 1 : index];
      counts[fault] += 1;
      return { fault, latencyMs: Math.round(50 + size * maxLatency) };
    }
  };
}
function parseWeights(text4) {
  const weights = {};
  for (const part of text4.split(",")) {
    const [name, value] = part.split("=").map((piece) => piece.trim());
    const weight = Number(value);
    if (!FAULTS.includes(name) || !Number.isFinite(weight) || weight < 0) return void 0;
    weights[name] = weight;
  }
  return weights;
}
var FAULTS;
var init_chaos = __esm({
  "src/emulator/chaos.ts"() {
    "use strict";
    init_simulate();
    FAULTS = ["error", "rate_limit", "latency", "drop_before", "drop_after", "truncate"];
  }
});

// src/webhooks/signature.ts
import { createHmac as createHmac2, randomBytes as randomBytes2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function signingKey(secret) {
  return secret.startsWith(SECRET_PREFIX) ? Buffer.from(secret.slice(SECRET_PREFIX.length), "base64") : Buffer.from(secret, "utf8");
}
function sign(secret, id, timestamp, body) {
  const digest = createHmac2("sha256", signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${digest}`;
}
function signedHeaders(secret, id, body, now) {
  const timestamp = Math.floor(now.getTime() / 1e3);
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": sign(secret, id, timestamp, body) };
}
function verify(options) {
  const { secret, id, timestamp, signature, body } = options;
  if (!id || !timestamp || !signature) {
    const missing = [!id && "webhook-id", !timestamp && "webhook-timestamp", !signature && "webhook-signature"].filter(Boolean);
    return { valid: false, reason: `malformed headers: missing ${missing.join(", ")}` };
  }
  if (!/^\d{1,12}$/.test(timestamp.trim())) return { valid: false, reason: "malformed headers: webhook-timestamp is not Unix seconds" };
  const seconds = Number(timestamp.trim());
  const now = Math.floor((options.now ?? /* @__PURE__ */ new Date()).getTime() / 1e3);
  if (now - seconds > TOLERANCE_SECONDS) return { valid: false, reason: `timestamp too old (${now - seconds} s; at most ${TOLERANCE_SECONDS} s)` };
  if (seconds - now > TOLERANCE_SECONDS) return { valid: false, reason: `timestamp too far in the future (${seconds - now} s)` };
  const expected = Buffer.from(sign(secret, id, seconds, body).slice("v1,".length), "utf8");
  let sawV1 = false;
  for (const candidate of signature.trim().split(/\s+/)) {
    const comma = candidate.indexOf(",");
    if (comma < 0 || candidate.slice(0, comma) !== "v1") continue;
    sawV1 = true;
    const given = Buffer.from(candidate.slice(comma + 1), "utf8");
    if (given.length === expected.length && timingSafeEqual2(given, expected)) return { valid: true };
  }
  return { valid: false, reason: sawV1 ? "bad signature" : "malformed headers: no v1 signature" };
}
function generateSecret() {
  return `${SECRET_PREFIX}${randomBytes2(32).toString("base64")}`;
}
var SECRET_PREFIX, TOLERANCE_SECONDS;
var init_signature = __esm({
  "src/webhooks/signature.ts"() {
    "use strict";
    SECRET_PREFIX = "whsec_";
    TOLERANCE_SECONDS = 5 * 60;
  }
});

// src/emulator/events.ts
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
function eventBody(event) {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data });
}
function jobOf(type, data) {
  if (data === null || typeof data !== "object") return null;
  const record4 = data;
  const id = type === "job.created" ? record4.id : record4.job_id;
  return typeof id === "string" ? id : null;
}
function publicDelivery({ body: _body, ...delivery }) {
  return delivery;
}
function newDelivery(webhook, event, body, stamp) {
  return {
    id: newId("dlv"),
    webhook_id: webhook.id,
    event_id: event.id,
    event_type: event.type,
    url: webhook.url,
    body,
    state: "pending",
    attempts: [],
    next_attempt_at: stamp,
    created_at: stamp,
    updated_at: stamp
  };
}
function snippet(bytes) {
  if (bytes.length <= RESPONSE_SNIPPET_BYTES) return bytes.toString("utf8");
  let end = RESPONSE_SNIPPET_BYTES;
  while (end > 0 && (bytes[end] & 192) === 128) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}
function expired(event, now) {
  return event.created_at < retentionCutoff(now);
}
function retentionCutoff(now) {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * 864e5).toISOString();
}
function post(url, body, headers, timeoutMs) {
  return new Promise((resolve2) => {
    let target;
    try {
      target = new URL(url);
    } catch {
      resolve2({ status: null, body: null, error: "the webhook URL is not valid" });
      return;
    }
    const send2 = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send2(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "hire-emulator-webhooks/1" }
      },
      (res) => {
        const kept = [];
        let size = 0;
        res.on("data", (chunk) => {
          if (size < RESPONSE_SNIPPET_BYTES + 4) kept.push(chunk.subarray(0, RESPONSE_SNIPPET_BYTES + 4 - size));
          size += chunk.length;
        });
        const text4 = () => size === 0 ? null : snippet(Buffer.concat(kept));
        res.on("end", () => resolve2({ status: res.statusCode ?? null, body: text4(), error: null }));
        res.on("error", (error) => resolve2({ status: res.statusCode ?? null, body: text4(), error: error.message }));
      }
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1e3} s`)), timeoutMs);
    req.on("close", () => clearTimeout(timer));
    req.on("error", (error) => resolve2({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}
var MAX_ATTEMPTS, DELIVERY_TIMEOUT_MS, DEFAULT_BACKOFF_MS, PARALLEL, EVENTS_KEPT, EVENT_RETENTION_DAYS, RESPONSE_SNIPPET_BYTES, LEASE_SLACK_MS, EventBus;
var init_events = __esm({
  "src/emulator/events.ts"() {
    "use strict";
    init_signature();
    init_http();
    init_ids();
    init_store();
    MAX_ATTEMPTS = 6;
    DELIVERY_TIMEOUT_MS = 1e4;
    DEFAULT_BACKOFF_MS = 5e3;
    PARALLEL = 8;
    EVENTS_KEPT = 1e4;
    EVENT_RETENTION_DAYS = 30;
    RESPONSE_SNIPPET_BYTES = 512;
    LEASE_SLACK_MS = 5e3;
    EventBus = class {
      #store;
      #backoffMs;
      #timeoutMs;
      #now;
      #pollMs;
      #eventsKept;
      /** The event log is trimmed each time this many more events have been stored (by any process). */
      #pruneEvery;
      /**
       * When the oldest stored event was made, as last read: other processes only add newer events or
       * trim old ones, so while this is within the log's age, so is the true oldest.
       */
      #oldestAt;
      /** While `collect` runs: the events emitted, and what shapes their data. */
      #collector;
      #inFlight = /* @__PURE__ */ new Map();
      #timer;
      #poller;
      #scheduled = false;
      #stopped = false;
      /** After stop(): the store may be closed, so attempt results are no longer written. */
      #closed = false;
      constructor(store, options = {}) {
        this.#store = store;
        this.#backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
        this.#timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
        this.#now = options.now ?? (() => /* @__PURE__ */ new Date());
        this.#pollMs = options.pollMs;
        this.#eventsKept = Math.max(1, options.eventsKept ?? EVENTS_KEPT);
        this.#pruneEvery = Math.min(1e3, Math.max(1, Math.floor(this.#eventsKept / 10)));
      }
      /**
       * Records an event in the event log and a delivery for each webhook subscribed to its kind, in
       * the caller's transaction: they commit with the change that caused them. The log is trimmed to
       * its retention as it grows (simulating 100,000 applications must not fill the store).
       */
      emit(type, given) {
        const data = this.#collector?.shape ? this.#collector.shape(type, given) : given;
        const stamp = this.#now().toISOString();
        const event = { id: newId("evt"), type, created_at: stamp, job_id: jobOf(type, data), data };
        const { lastInsertRowid } = this.#store.db.prepare("INSERT INTO events (id, doc) VALUES (?, ?)").run(event.id, JSON.stringify(event));
        this.#collector?.events.push(event);
        const webhooks = this.#store.all("webhooks").filter((webhook) => webhook.events.includes(type));
        if (webhooks.length > 0) {
          const body = eventBody(event);
          for (const webhook of webhooks) this.#store.put("deliveries", newDelivery(webhook, event, body, stamp));
          this.#soon();
        }
        if (lastInsertRowid % this.#pruneEvery === 0 || this.#oldestExpired()) this.#prune(lastInsertRowid);
        return event;
      }
      /**
       * Runs fn (synchronously, in the caller's transaction) and returns the events it emitted, in
       * order; `shape` may change an event's data before it is stored and sent (`trigger --override`).
       */
      collect(fn, shape) {
        const collector = { events: [], shape };
        this.#collector = collector;
        try {
          return { result: fn(), events: collector.events };
        } finally {
          this.#collector = void 0;
        }
      }
      /**
       * Sends an event again (in the caller's write transaction), with the same webhook-id: to the
       * webhook given, or to every webhook it was delivered to that still exists. A delivery done
       * (succeeded or failed) gets one more attempt; one still being retried is attempted now.
       */
      resend(eventId, webhookId) {
        const event = this.#store.get("events", eventId);
        if (!event || expired(event, this.#now())) throw notFound("event", eventId);
        const deliveries = this.#store.all("deliveries", { event_id: event.id });
        const stamp = this.#now().toISOString();
        let targets;
        if (webhookId !== void 0) {
          const webhook = this.#store.get("webhooks", webhookId);
          if (!webhook) throw notFound("webhook", webhookId);
          const previous = deliveries.find((delivery) => delivery.webhook_id === webhook.id);
          targets = [previous ?? { ...newDelivery(webhook, event, eventBody(event), stamp), resend: true }];
        } else {
          targets = deliveries.filter((delivery) => this.#store.get("webhooks", delivery.webhook_id) !== void 0);
          if (targets.length === 0) {
            throw new HttpError(
              409,
              "conflict",
              deliveries.length === 0 ? `Event ${event.id} was not delivered to any webhook (none listened to ${event.type} then); name one to send it to.` : `The webhooks event ${event.id} was delivered to have been removed; name one to send it to.`,
              { webhook_id: "is required when the event has no webhook to go back to" }
            );
          }
        }
        const queued = targets.map(
          (delivery) => this.#store.put("deliveries", {
            ...delivery,
            state: "pending",
            // One still being retried keeps its schedule after this attempt; one done gets one more.
            ...delivery.state === "pending" ? {} : { resend: true },
            next_attempt_at: stamp,
            updated_at: stamp
          })
        );
        this.#soon();
        return queued;
      }
      /** Looks for deliveries due once the transaction that recorded them has committed (it runs synchronously). */
      #soon() {
        if (this.#scheduled) return;
        this.#scheduled = true;
        setImmediate(() => {
          this.#scheduled = false;
          this.#schedule();
        });
      }
      /**
       * Trims the event log to its retention (in the caller's transaction): the events before the newest
       * `eventsKept` (row numbers only grow, one per event, so those are the rows numbered up to
       * `last - eventsKept`) and those past their age, with their deliveries that are not still being
       * attempted.
       */
      #prune(last) {
        const db = this.#store.db;
        const newest = last ?? Number(db.prepare("SELECT max(seq) AS last FROM events").get()?.last ?? 0);
        const cutoff = retentionCutoff(this.#now());
        this.#oldestAt = void 0;
        const settled = `${field("state")} != 'pending'`;
        for (const [condition, value] of [
          ["seq <= ?", newest - this.#eventsKept],
          [`${field("created_at")} < ?`, cutoff]
        ]) {
          db.prepare(`DELETE FROM deliveries WHERE ${field("event_id")} IN (SELECT id FROM events WHERE ${condition}) AND ${settled}`).run(value);
          db.prepare(`DELETE FROM events WHERE ${condition}`).run(value);
        }
      }
      /** Is the first event stored (the oldest but for a clock set back) past the log's age? */
      #oldestExpired() {
        const cutoff = retentionCutoff(this.#now());
        if (this.#oldestAt !== void 0 && this.#oldestAt >= cutoff) return false;
        const oldest = this.#store.db.prepare(`SELECT ${field("created_at")} AS at FROM events ORDER BY seq LIMIT 1`).get()?.at;
        this.#oldestAt = typeof oldest === "string" ? oldest : void 0;
        return this.#oldestAt !== void 0 && this.#oldestAt < cutoff;
      }
      /** Trims events past their age, if there are any (a read first: most starts have none). */
      #expire() {
        const stale = this.#store.db.prepare(`SELECT 1 AS yes FROM events WHERE ${field("created_at")} < ? LIMIT 1`).get(retentionCutoff(this.#now()));
        if (stale) this.#store.write(() => this.#prune());
      }
      /** Starts delivering, beginning with what was pending when the emulator last stopped. */
      start() {
        this.#stopped = false;
        this.#closed = false;
        this.#expire();
        this.#schedule();
        if (this.#pollMs !== void 0) {
          this.#poller = setInterval(() => this.#schedule(), this.#pollMs);
          this.#poller.unref();
        }
      }
      /**
       * Attempts every delivery that is due now, and those queued behind them, until none is in flight
       * or `waitMs` has passed (an in-process emulator's last act).
       */
      async drain(waitMs) {
        const deadline = Date.now() + waitMs;
        for (; ; ) {
          this.#runDue();
          if (this.#inFlight.size === 0) return;
          const left = deadline - Date.now();
          if (left <= 0) return;
          await Promise.race([Promise.race([...this.#inFlight.values()]), new Promise((resolve2) => setTimeout(resolve2, left).unref())]);
        }
      }
      /** Stops scheduling and waits up to `waitMs` for attempts under way; later results are dropped
       * (the delivery stays pending in the store and is tried again when its lease ends). */
      async stop(waitMs = 0) {
        this.#stopped = true;
        if (this.#timer) clearTimeout(this.#timer);
        if (this.#poller) clearInterval(this.#poller);
        this.#timer = void 0;
        this.#poller = void 0;
        if (this.#inFlight.size > 0 && waitMs > 0) {
          await Promise.race([Promise.all([...this.#inFlight.values()]), new Promise((resolve2) => setTimeout(resolve2, waitMs).unref())]);
        }
        const release = this.#store.db.prepare("UPDATE deliveries SET lease_until = NULL WHERE id = ?");
        for (const id of this.#inFlight.keys()) release.run(id);
        this.#closed = true;
      }
      /** When the next pending delivery is due, by the emulator's clock (ms), or undefined. */
      #nextDue() {
        const row = this.#store.db.prepare(`SELECT min(${field("next_attempt_at")}) AS next FROM deliveries WHERE ${field("state")} = 'pending'`).get();
        return typeof row?.next === "string" ? Date.parse(row.next) : void 0;
      }
      #schedule() {
        if (this.#stopped || this.#closed) return;
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = void 0;
        const next = this.#nextDue();
        if (next === void 0) return;
        const delay = Math.max(0, next - this.#now().getTime());
        this.#timer = setTimeout(() => {
          this.#timer = void 0;
          this.#runDue();
          this.#schedule();
        }, delay);
        this.#timer.unref();
      }
      /** Claims the deliveries due now that nobody is attempting (a lease in the store), and attempts them. */
      #runDue() {
        if (this.#closed) return;
        const free = PARALLEL - this.#inFlight.size;
        if (free <= 0) return;
        const now = this.#now();
        const clock = Date.now();
        const claimed = this.#store.write(() => {
          const due = this.#store.select("deliveries", {
            where: [`${field("state")} = 'pending'`, `${field("next_attempt_at")} <= ?`, "(lease_until IS NULL OR lease_until < ?)"],
            params: [now.toISOString(), clock],
            order: [field("next_attempt_at")],
            limit: free
          });
          const lease = this.#store.db.prepare("UPDATE deliveries SET lease_until = ? WHERE id = ?");
          for (const delivery of due) lease.run(clock + this.#timeoutMs + LEASE_SLACK_MS, delivery.id);
          return due.filter((delivery) => !this.#inFlight.has(delivery.id));
        });
        for (const delivery of claimed) {
          const attempt = this.#attempt(delivery).finally(() => {
            this.#inFlight.delete(delivery.id);
            this.#schedule();
          });
          this.#inFlight.set(delivery.id, attempt);
        }
      }
      async #attempt(delivery) {
        const webhook = this.#store.get("webhooks", delivery.webhook_id);
        const started = this.#now();
        let outcome;
        if (!webhook) outcome = { status: null, body: null, error: "the webhook was removed" };
        else {
          const headers = signedHeaders(webhook.secret, delivery.event_id, delivery.body, started);
          outcome = await post(delivery.url, delivery.body, { ...headers }, this.#timeoutMs);
        }
        const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
        if (this.#closed) return;
        this.#store.write(() => {
          const current = this.#store.get("deliveries", delivery.id);
          if (!current) return;
          const resend = current.resend === true;
          const attempt = {
            number: current.attempts.length + 1,
            at: started.toISOString(),
            duration_ms: Math.max(0, this.#now().getTime() - started.getTime()),
            response_status: outcome.status,
            response_body: outcome.body,
            error: success ? null : outcome.error ?? `HTTP ${outcome.status}`,
            success,
            ...resend ? { resend: true } : {}
          };
          const attempts = [...current.attempts, attempt];
          const finished = success || !webhook || resend || attempts.length >= MAX_ATTEMPTS;
          const next = finished ? null : new Date(this.#now().getTime() + this.#backoffMs * 5 ** (attempts.length - 1)).toISOString();
          const { resend: _done, ...rest } = current;
          this.#store.put("deliveries", {
            ...rest,
            attempts,
            state: success ? "succeeded" : finished ? "failed" : "pending",
            next_attempt_at: next,
            updated_at: this.#now().toISOString()
          });
          this.#store.db.prepare("UPDATE deliveries SET lease_until = NULL WHERE id = ?").run(delivery.id);
        });
      }
    };
  }
});

// src/emulator/keys.ts
import { statSync } from "node:fs";
import { BlockList, isIP as isIP2 } from "node:net";
function localKeyCreatedAt(dataDir2) {
  try {
    return statSync(localKeyPath(dataDir2)).mtime;
  } catch {
    return void 0;
  }
}
function windowHeaders(key, window) {
  return {
    "x-ratelimit-limit": String(window.limit),
    "x-ratelimit-remaining": String(Math.max(0, window.remaining)),
    "x-ratelimit-reset": String(window.reset),
    ...key.expires_at ? { "x-key-expires-at": key.expires_at } : {}
  };
}
function rateLimitHeaders(key, now, used2) {
  const hour = { limit: key.limits.hour, remaining: key.limits.hour - used2.hour, reset: Math.ceil((Math.floor(now / HOUR) + 1) * HOUR / 1e3) };
  const day = { limit: key.limits.day, remaining: key.limits.day - used2.day, reset: Math.ceil((Math.floor(now / DAY) + 1) * DAY / 1e3) };
  return windowHeaders(key, day.remaining < hour.remaining ? day : hour);
}
function requiredLevel(method) {
  if (method === "GET" || method === "HEAD") return "read";
  if (method === "DELETE") return "admin";
  return "write";
}
function mask(key) {
  return `hk_\u2026${key.last4}`;
}
function publicKey(key) {
  const { hash: _hash, last4: _last4, ...rest } = key;
  return { ...rest, masked: mask(key) };
}
function normaliseAddress(address) {
  return address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}
function parseCidr(text4) {
  const [address = "", prefixText] = text4.trim().split("/");
  const version = isIP2(address);
  if (version === 0) return void 0;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === void 0 ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || prefixText !== void 0 && !/^\d+$/.test(prefixText)) return void 0;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}
function addressAllowed(allowed, remoteAddress) {
  const address = normaliseAddress(remoteAddress);
  if (!address) return false;
  const family = isIP2(address) === 4 ? "ipv4" : "ipv6";
  const list2 = new BlockList();
  for (const entry of allowed) {
    const cidr = parseCidr(entry);
    if (cidr) list2.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list2.check(address, family);
}
var TIER_LIMITS, LOCAL_KEY_ID, KEY_PREFIX, HOUR, DAY, KeyRing;
var init_keys = __esm({
  "src/emulator/keys.ts"() {
    "use strict";
    init_vocabulary();
    init_http();
    init_ids();
    init_local_key();
    TIER_LIMITS = {
      standard: { hour: 1e3, day: 1e4, concurrent: 100 },
      enterprise: { hour: 1e4, day: 1e5, concurrent: 1e3 }
    };
    LOCAL_KEY_ID = "key_local";
    KEY_PREFIX = "hk_test_";
    HOUR = 36e5;
    DAY = 864e5;
    KeyRing = class {
      #store;
      #local;
      /** Requests under way per key, in this process (the hourly and daily counts live in the store). */
      #inFlight = /* @__PURE__ */ new Map();
      #now;
      /** Requests without a usable key in the current hour, per address (see anonymous()). */
      #anonymous = /* @__PURE__ */ new Map();
      #anonymousWindow = -1;
      /** `localCreatedAt`: when the local key was made (localKeyCreatedAt); now when unknown. */
      constructor(store, localKey, now, localCreatedAt) {
        this.#store = store;
        this.#now = now;
        this.#local = {
          id: LOCAL_KEY_ID,
          name: "local profile",
          level: "admin",
          tier: "enterprise",
          limits: TIER_LIMITS.enterprise,
          hash: hashKey(localKey),
          last4: localKey.slice(-4),
          allow_ips: [],
          created_at: (localCreatedAt ?? now()).toISOString(),
          expires_at: null,
          revoked_at: null,
          last_used_at: null
        };
      }
      /** Who is calling: 401 for no, unknown, revoked or expired keys. */
      identify(authorization) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
        if (!match) throw new HttpError(401, "unauthorized", "Missing API key: send Authorization: Bearer <API_KEY>.");
        const hash = hashKey(match[1]);
        const key = hash === this.#local.hash ? this.#local : this.#store.findBy("keys", "hash", hash);
        if (!key) throw new HttpError(401, "unauthorized", "Invalid API key.");
        if (key.revoked_at) throw new HttpError(401, "unauthorized", "This API key was revoked.");
        if (key.expires_at && new Date(key.expires_at) <= this.#now()) {
          throw new HttpError(401, "key_expired", `This API key expired at ${key.expires_at}.`);
        }
        return key;
      }
      /** Whether this ring holds the key, usable or not: to tell another environment's key from an unknown one. */
      holds(authorization) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (!match) return false;
        const hash = hashKey(match[1]);
        return hash === this.#local.hash || this.#store.read(() => this.#store.findBy("keys", "hash", hash)) !== void 0;
      }
      /** May this key do it: 403 for an address outside its allow-list, or a level below the operation's. */
      authorize(key, remoteAddress, method, minimum2) {
        if (key.allow_ips.length > 0 && !addressAllowed(key.allow_ips, remoteAddress)) {
          throw new HttpError(403, "forbidden", `This API key may not be used from ${normaliseAddress(remoteAddress) ?? "this address"}.`);
        }
        const needed = minimum2 ?? requiredLevel(method);
        if (KEY_LEVELS.indexOf(key.level) < KEY_LEVELS.indexOf(needed)) {
          throw new HttpError(403, "forbidden", `This operation needs ${needed === "admin" ? "an" : "a"} ${needed} key; this key is ${key.level}.`);
        }
      }
      /**
       * Requests without a usable key, counted per address and hour (in this process) against the
       * standard tier's hourly limit: their answers carry X-RateLimit-* too, and a flood of them gets 429.
       */
      anonymous(remoteAddress) {
        const now = this.#now().getTime();
        const window = Math.floor(now / HOUR);
        const address = normaliseAddress(remoteAddress) ?? "unknown";
        if (this.#anonymousWindow !== window) {
          this.#anonymousWindow = window;
          this.#anonymous.clear();
        }
        const used2 = (this.#anonymous.get(address) ?? 0) + 1;
        this.#anonymous.set(address, used2);
        const limit = TIER_LIMITS.standard.hour;
        const reset = Math.ceil((window + 1) * HOUR / 1e3);
        const headers = { "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": String(Math.max(0, limit - used2)), "x-ratelimit-reset": String(reset) };
        if (used2 > limit) {
          const retryAfter = Math.max(1, reset - Math.floor(now / 1e3));
          throw new HttpError(429, "rate_limited", `Too many requests without a valid API key from this address (${limit} an hour).`, void 0, { ...headers, "retry-after": String(retryAfter) }, { retry_after: retryAfter });
        }
        return headers;
      }
      /** identify, then authorize. */
      authenticate(authorization, remoteAddress, method, minimum2) {
        const key = this.identify(authorization);
        this.authorize(key, remoteAddress, method, minimum2);
        return key;
      }
      /**
       * The X-RateLimit-* headers of a key as it stands, without counting a request: for answers that
       * do not count (401 after identifying, 403, 404, 405, injected faults), so that every answer says
       * how much is left.
       */
      standing(key) {
        const now = this.#now().getTime();
        const used2 = this.#store.read(() => ({ hour: this.#used(key.id, "hour", Math.floor(now / HOUR)), day: this.#used(key.id, "day", Math.floor(now / DAY)) }));
        return rateLimitHeaders(key, now, used2);
      }
      /**
       * Counts a request against the key's limits, or refuses it with 429 (nothing is counted then).
       * The hourly and daily counts are rows of the store, shared by every process on the data dir and
       * kept across restarts; one write transaction reads and counts, so no two processes both take
       * the last request of a window.
       */
      admit(key) {
        const now = this.#now().getTime();
        const hourWindow = Math.floor(now / HOUR);
        const dayWindow = Math.floor(now / DAY);
        const hourReset = Math.ceil((hourWindow + 1) * HOUR / 1e3);
        const dayReset = Math.ceil((dayWindow + 1) * DAY / 1e3);
        const headers = (limit, remaining, reset) => windowHeaders(key, { limit, remaining, reset });
        const nowSeconds = Math.floor(now / 1e3);
        const refuse = (retryAfter, why, windowHeaders2) => {
          throw new HttpError(429, "rate_limited", why, void 0, { ...windowHeaders2, "retry-after": String(retryAfter) }, { retry_after: retryAfter });
        };
        const inFlight = this.#inFlight.get(key.id) ?? 0;
        const stamp = new Date(now).toISOString();
        const counted2 = this.#store.write(() => {
          const used2 = { hour: this.#used(key.id, "hour", hourWindow), day: this.#used(key.id, "day", dayWindow) };
          if (used2.day >= key.limits.day) {
            refuse(Math.max(1, dayReset - nowSeconds), `Daily limit of ${key.limits.day} requests reached.`, headers(key.limits.day, 0, dayReset));
          }
          if (used2.hour >= key.limits.hour) {
            refuse(Math.max(1, hourReset - nowSeconds), `Hourly limit of ${key.limits.hour} requests reached.`, headers(key.limits.hour, 0, hourReset));
          }
          if (inFlight >= key.limits.concurrent) {
            refuse(1, `Limit of ${key.limits.concurrent} concurrent requests reached.`, rateLimitHeaders(key, now, used2));
          }
          this.#count(key.id, "hour", hourWindow);
          this.#count(key.id, "day", dayWindow);
          if (key.id !== LOCAL_KEY_ID) {
            this.#store.db.prepare("UPDATE keys SET doc = json_set(doc, '$.last_used_at', ?) WHERE id = ?").run(stamp, key.id);
          }
          return { hour: used2.hour + 1, day: used2.day + 1 };
        });
        key.last_used_at = stamp;
        this.#inFlight.set(key.id, inFlight + 1);
        let released = false;
        return {
          key,
          headers: rateLimitHeaders(key, now, counted2),
          release: () => {
            if (released) return;
            released = true;
            const left = (this.#inFlight.get(key.id) ?? 1) - 1;
            if (left > 0) this.#inFlight.set(key.id, left);
            else this.#inFlight.delete(key.id);
          }
        };
      }
      create(options) {
        const secret = `${KEY_PREFIX}${randomToken(32)}`;
        const now = this.#now();
        const record4 = {
          id: `key_${randomToken(16)}`,
          name: options.name,
          level: options.level,
          tier: options.tier,
          limits: { ...TIER_LIMITS[options.tier], ...options.limits },
          hash: hashKey(secret),
          last4: secret.slice(-4),
          allow_ips: options.allowIps ?? [],
          created_at: now.toISOString(),
          expires_at: options.expiresInSeconds === void 0 ? null : new Date(now.getTime() + options.expiresInSeconds * 1e3).toISOString(),
          revoked_at: null,
          last_used_at: null
        };
        this.#store.put("keys", record4);
        return { record: publicKey(record4), secret };
      }
      list() {
        return [this.#local, ...this.#store.all("keys")].map(publicKey);
      }
      revoke(id) {
        const key = this.#store.get("keys", id);
        if (!key) return void 0;
        const revoked = { ...key, revoked_at: key.revoked_at ?? this.#now().toISOString() };
        this.#store.put("keys", revoked);
        return publicKey(revoked);
      }
      /** Requests counted in the key's current window (0 when the window has moved on). */
      #used(keyId, window, start) {
        const row = this.#store.db.prepare("SELECT start, count FROM usage WHERE key_id = ? AND window = ?").get(keyId, window);
        return row && Number(row.start) === start ? Number(row.count) : 0;
      }
      #count(keyId, window, start) {
        this.#store.db.prepare(
          "INSERT INTO usage (key_id, window, start, count) VALUES (?, ?, ?, 1) ON CONFLICT (key_id, window) DO UPDATE SET count = CASE WHEN start = excluded.start THEN count + 1 ELSE 1 END, start = excluded.start"
        ).run(keyId, window, start);
      }
    };
  }
});

// src/domain/job.ts
import * as z4 from "zod/mini";
function validateJobInput(input2) {
  return validateWith(JobInputSchema, input2);
}
function assessmentConfigWithDefaults(config) {
  return {
    auto_generate: config?.auto_generate ?? true,
    question_count: config?.question_count ?? QUESTION_COUNT.default,
    time_limit: config?.time_limit ?? TIME_LIMIT_SECONDS.default,
    proctoring: config?.proctoring ?? false,
    question_types: config?.question_types ?? [...QUESTION_TYPES]
  };
}
function validateJobPatch(input2) {
  const result = validateWith(JobPatchSchema, input2);
  if (result.ok && Object.keys(result.value).length === 0) {
    return { ok: false, errors: { body: "names no field to change" } };
  }
  return result;
}
function verbFrom(status) {
  return Object.keys(JOB_VERBS).find((verb) => verb !== "close" && JOB_VERBS[verb].from.includes(status));
}
function canMoveJob(from, to) {
  return JOB_TRANSITIONS[to].includes(from);
}
function jobFieldError(field2, value) {
  const result = validateWith(FIELD_SCHEMAS[field2], value);
  return result.ok ? void 0 : Object.values(result.errors)[0];
}
function validateJobDraft(input2) {
  return validateWith(JobDraftSchema, input2);
}
var objectError, locationFields, LocationSchema, SalarySchema, AssessmentConfigSchema, jobFields, JobInputSchema, JOB_INPUT_FIELDS, JOB_FIELD_KINDS, JOB_RECORD_FIELDS, patchShape, CLEARABLE_JOB_FIELDS, clearable, locationType, locationDetails, JobPatchSchema, JOB_VERBS, JOB_TRANSITIONS, FIELD_SCHEMAS, _status, patchFields, JobDraftSchema;
var init_job = __esm({
  "src/domain/job.ts"() {
    "use strict";
    init_rules();
    init_vocabulary();
    objectError = typeError("an object");
    locationFields = {
      type: oneOf(LOCATION_TYPES),
      city: z4.optional(nonEmptyText()),
      state: z4.optional(nonEmptyText()),
      country: z4.optional(isoCode("country"))
    };
    LocationSchema = z4.strictObject(locationFields, { error: objectError }).check(
      z4.superRefine((location, ctx) => {
        const { type } = location;
        if (type !== "onsite" && type !== "hybrid") return;
        for (const field2 of ["city", "state"]) {
          if (location[field2] === void 0) {
            ctx.addIssue({ code: "custom", path: [field2], message: `is required when location.type is ${type}` });
          }
        }
      })
    );
    SalarySchema = z4.strictObject(
      {
        min: z4.optional(amount()),
        max: z4.optional(amount()),
        currency: z4.optional(isoCode("currency")),
        period: z4.optional(oneOf(SALARY_PERIODS))
      },
      { error: objectError }
    ).check(
      z4.superRefine(({ min, max }, ctx) => {
        if (min !== void 0 && max !== void 0 && min > max) {
          ctx.addIssue({ code: "custom", path: ["max"], message: `must not be less than salary.min (${min})` });
        }
      })
    );
    AssessmentConfigSchema = z4.strictObject(
      {
        auto_generate: z4.optional(flag()),
        question_count: z4.optional(wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max)),
        time_limit: z4.optional(wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max)),
        proctoring: z4.optional(flag()),
        question_types: z4.optional(
          listOf(oneOf(QUESTION_TYPES), "a list of question types").check(z4.minLength(1, { error: "must name at least one question type" }))
        )
      },
      { error: objectError }
    );
    jobFields = {
      title: nonEmptyText(),
      department: z4.optional(nonEmptyText()),
      location: z4.optional(LocationSchema),
      description: minCodePoints(DESCRIPTION_MIN_CHARS),
      requirements: z4.optional(textList()),
      skills: z4.optional(textList()),
      experience_level: z4.optional(oneOf(EXPERIENCE_LEVELS)),
      employment_type: z4.optional(oneOf(EMPLOYMENT_TYPES)),
      salary: z4.optional(SalarySchema),
      assessment_config: z4.optional(AssessmentConfigSchema)
    };
    JobInputSchema = z4.strictObject(
      { ...jobFields, publish: z4.optional(flag()) },
      { error: typeError("a JSON object") }
    );
    JOB_INPUT_FIELDS = Object.keys(JobInputSchema.shape);
    JOB_FIELD_KINDS = {
      "salary.min": "number",
      "salary.max": "number",
      "assessment_config.question_count": "number",
      "assessment_config.time_limit": "number",
      publish: "boolean",
      "assessment_config.auto_generate": "boolean",
      "assessment_config.proctoring": "boolean",
      requirements: "list",
      skills: "list",
      "assessment_config.question_types": "list"
    };
    JOB_RECORD_FIELDS = everyKey()([
      "id",
      "title",
      "status",
      "department",
      "location",
      "description",
      "requirements",
      "skills",
      "experience_level",
      "employment_type",
      "salary",
      "assessment_config",
      "assessment_id",
      "application_url",
      "candidate_count",
      "created_at",
      "updated_at"
    ]);
    patchShape = {
      ...jobFields,
      title: z4.optional(jobFields.title),
      description: z4.optional(jobFields.description),
      // A patch may name only some of the location's fields; the job it makes is checked whole.
      location: z4.optional(z4.strictObject({ ...locationFields, type: z4.optional(locationFields.type) }, { error: objectError })),
      status: z4.optional(oneOf(JOB_STATUSES))
    };
    CLEARABLE_JOB_FIELDS = JOB_INPUT_PATHS.flatMap((path) => {
      if (path === "title" || path === "description" || path === "location.type" || path.startsWith("assessment_config.")) return [];
      if (path === "location.city") return ["location", path];
      if (path === "salary.min") return ["salary", path];
      return [path];
    });
    clearable = (schema) => z4.optional(z4.nullable(schema));
    ({ type: locationType, ...locationDetails } = locationFields);
    JobPatchSchema = z4.strictObject(
      {
        ...patchShape,
        department: clearable(nonEmptyText()),
        location: clearable(
          z4.strictObject(
            {
              type: z4.optional(locationType),
              ...Object.fromEntries(Object.entries(locationDetails).map(([key, schema]) => [key, z4.nullable(schema)]))
            },
            { error: objectError }
          )
        ),
        requirements: clearable(textList()),
        skills: clearable(textList()),
        experience_level: clearable(oneOf(EXPERIENCE_LEVELS)),
        employment_type: clearable(oneOf(EMPLOYMENT_TYPES)),
        salary: clearable(
          z4.strictObject(
            Object.fromEntries(Object.entries(SalarySchema.shape).map(([key, schema]) => [key, z4.nullable(schema)])),
            { error: objectError }
          ).check(
            z4.superRefine(({ min, max }, ctx) => {
              if (typeof min === "number" && typeof max === "number" && min > max) {
                ctx.addIssue({ code: "custom", path: ["max"], message: `must not be less than salary.min (${min})` });
              }
            })
          )
        )
      },
      { error: typeError("a JSON object") }
    );
    JOB_VERBS = {
      publish: { from: ["draft"], to: "active" },
      pause: { from: ["active"], to: "paused" },
      close: { from: ["draft", "active", "paused"], to: "closed" },
      reopen: { from: ["paused", "closed"], to: "active" }
    };
    JOB_TRANSITIONS = (() => {
      const sources = { draft: [], active: [], paused: [], closed: [] };
      for (const { from, to } of Object.values(JOB_VERBS)) for (const status of from) if (!sources[to].includes(status)) sources[to].push(status);
      return sources;
    })();
    FIELD_SCHEMAS = {
      title: jobFields.title,
      department: nonEmptyText(),
      description: jobFields.description,
      "location.city": nonEmptyText(),
      "location.state": nonEmptyText(),
      "location.country": locationFields.country,
      requirement: nonEmptyText(),
      skill: nonEmptyText(),
      "salary.min": amount(),
      "salary.max": amount(),
      "salary.currency": SalarySchema.shape.currency,
      "assessment_config.question_count": wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max),
      "assessment_config.time_limit": wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max),
      "assessment_config.question_types": AssessmentConfigSchema.shape.question_types
    };
    ({ status: _status, ...patchFields } = patchShape);
    JobDraftSchema = z4.strictObject({ ...patchFields, publish: z4.optional(flag()) }, { error: typeError("a JSON object") });
  }
});

// src/emulator/assessments.ts
import { createHash as createHash2 } from "node:crypto";
function generateAssessment(job, config, now) {
  const settings = assessmentConfigWithDefaults(config);
  const stamp = now.toISOString();
  const questions = settings.auto_generate ? generateQuestions(job, settings.question_count, settings.question_types) : [];
  return {
    id: newId("asmt"),
    job_id: job.id,
    status: settings.auto_generate ? "ready" : "draft",
    question_count: settings.question_count,
    time_limit: settings.time_limit,
    proctoring: settings.proctoring,
    question_types: settings.question_types,
    questions,
    created_at: stamp,
    updated_at: stamp
  };
}
function generateQuestions(job, count3, types) {
  const topics = [...job.skills ?? [], ...job.requirements ?? []];
  if (topics.length === 0) topics.push(job.title);
  const seed = createHash2("sha256").update(JSON.stringify([job.title, job.skills ?? [], job.requirements ?? []])).digest();
  const pick2 = (list2, index) => list2[(seed[index % seed.length] + index) % list2.length];
  const questions = [];
  for (let index = 0; index < count3; index++) {
    const type = types[index % types.length];
    const topic = topics[index % topics.length];
    const id = `q_${index + 1}`;
    if (type === "multiple_choice") {
      const first = pick2(CHOICES, index);
      const options = [first, ...CHOICES.filter((choice) => choice !== first)].slice(0, 4);
      const correct = options.findIndex((option) => option === CHOICES[0] || option === CHOICES[4]);
      questions.push({
        id,
        type,
        prompt: `As a ${job.title}, what is the best first move when a change touches ${topic}?`,
        options,
        answer_index: Math.max(0, correct)
      });
    } else if (type === "ranksort") {
      const start = seed[index % seed.length] % TASKS.length;
      const items2 = [0, 1, 2, 3].map((offset) => TASKS[(start + offset) % TASKS.length]);
      questions.push({ id, type, prompt: `Rank these ${topic} tasks from most to least urgent for a new ${job.title}.`, items: items2 });
    } else {
      questions.push({
        id,
        type,
        prompt: `You join as ${job.title}. The ${topic} work ${pick2(SITUATIONS, index)}. Describe your first three steps and why.`,
        rubric: ["Names the main risk", "Proposes a safe first step", "Says how success is measured"]
      });
    }
  }
  return questions;
}
function scoreAnswers(assessment, answers) {
  const { questions } = assessment;
  if (questions.length === 0) return 0;
  let earned = 0;
  for (const question of questions) {
    if (question.type === "multiple_choice") {
      earned += answers.choices[question.id] === question.answer_index ? 1 : 0;
    } else if (question.type === "ranksort") {
      const ranks = answers.ranks[question.id];
      const items2 = question.items ?? [];
      if (!ranks || ranks.length !== items2.length || items2.length < 2) continue;
      let pairs = 0;
      let agreeing = 0;
      for (let a = 0; a < items2.length; a++) {
        for (let b = a + 1; b < items2.length; b++) {
          pairs += 1;
          const urgent = TASKS.indexOf(items2[a]) < TASKS.indexOf(items2[b]);
          if (urgent === ranks[a] < ranks[b]) agreeing += 1;
        }
      }
      earned += agreeing / pairs;
    } else {
      const text4 = answers.texts[question.id]?.trim() ?? "";
      const rubric = question.rubric ?? [];
      if (text4 === "" || rubric.length === 0) continue;
      earned += rubric.filter((line) => (RUBRIC_SIGNS[line] ?? /\S/).test(text4)).length / rubric.length;
    }
  }
  return Math.round(earned / questions.length * 100);
}
var ASSESSMENT_RECORD_FIELDS, CHOICES, TASKS, SITUATIONS, RUBRIC_SIGNS;
var init_assessments = __esm({
  "src/emulator/assessments.ts"() {
    "use strict";
    init_job();
    init_rules();
    init_ids();
    ASSESSMENT_RECORD_FIELDS = everyKey()([
      "id",
      "job_id",
      "status",
      "question_count",
      "time_limit",
      "proctoring",
      "question_types",
      "questions",
      "created_at",
      "updated_at"
    ]);
    CHOICES = [
      "Start from a small, measurable change and verify it before widening it",
      "Rewrite the component from scratch before understanding its constraints",
      "Ship without tests and fix issues as users report them",
      "Wait for a full specification before making any change",
      "Pair with the owner to learn the history, then propose a plan",
      "Copy the approach of another team without checking it fits"
    ];
    TASKS = [
      "Reproduce and fix the reported production defect",
      "Write down the current behaviour and its owners",
      "Add monitoring for the riskiest path",
      "Refactor for readability",
      "Review open pull requests from the team",
      "Plan the next quarter\u2019s roadmap"
    ];
    SITUATIONS = [
      "has no tests and a deadline next week",
      "works in staging but fails intermittently in production",
      "was built by a team that has since left",
      "must scale to ten times its current load"
    ];
    RUBRIC_SIGNS = {
      "Names the main risk": /\b(risks?|risky|danger|break|fail|outage|regression)/i,
      "Proposes a safe first step": /\b(first|start|begin|small|step|reproduce|rollback|roll back)/i,
      "Says how success is measured": /\b(measur|metric|monitor|success|test|alert|track)/i
    };
  }
});

// src/emulator/pages/markdown.ts
function markdownRenderer() {
  return renderer ??= import("markdown-it").then(({ default: MarkdownIt }) => {
    const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
    md.validateLink = (url) => /^https?:\/\//i.test(url.trim());
    md.core.ruler.push("shift_headings", (state) => {
      for (const token of state.tokens) {
        if (token.type === "heading_open" || token.type === "heading_close") token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
      }
      return true;
    });
    md.core.ruler.push("link_rel", (state) => {
      for (const block of state.tokens) {
        for (const token of block.children ?? []) if (token.type === "link_open") token.attrSet("rel", "nofollow ugc noopener noreferrer");
      }
      return true;
    });
    return (source) => md.render(source);
  });
}
var renderer;
var init_markdown = __esm({
  "src/emulator/pages/markdown.ts"() {
    "use strict";
  }
});

// src/emulator/pages/render.ts
import { createHash as createHash3 } from "node:crypto";
function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
function describeLocation(location) {
  if (!location) return void 0;
  const place = [location.city, location.state, location.country].filter((part) => part !== void 0 && part !== "").join(", ");
  return place ? `${label(location.type)} \xB7 ${place}` : label(location.type);
}
function describeSalary(salary) {
  if (!salary || salary.min === void 0 && salary.max === void 0) return void 0;
  const amount2 = (value) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);
  const range = salary.min !== void 0 && salary.max !== void 0 ? salary.min === salary.max ? amount2(salary.min) : `${amount2(salary.min)} \u2013 ${amount2(salary.max)}` : salary.min !== void 0 ? `from ${amount2(salary.min)}` : `up to ${amount2(salary.max)}`;
  return [range, salary.currency, salary.period ? label(salary.period) : void 0].filter(Boolean).join(" ");
}
function facts(job) {
  const rows = [
    ["Department", job.department],
    ["Location", describeLocation(job.location)],
    ["Employment", job.employment_type ? label(job.employment_type) : void 0],
    ["Experience", job.experience_level ? label(job.experience_level) : void 0],
    ["Salary", describeSalary(job.salary)]
  ];
  const shown = rows.filter(([, value]) => value !== void 0 && value !== "");
  if (shown.length === 0) return "";
  return `<dl class="facts">${shown.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`;
}
function list(title, items2) {
  if (!items2 || items2.length === 0) return "";
  return `<h2>${escapeHtml(title)}</h2><ul>${items2.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
}
function jobDetails(job, descriptionHtml) {
  return `${facts(job)}
<h2>About the role</h2>
<div class="description">${descriptionHtml}</div>
${list("Requirements", job.requirements)}
${list("Skills", job.skills)}`;
}
function errorSummary(errors, fields, what) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (entries.length === 0) return "";
  return `<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1">
<h2 id="summary-title">There ${entries.length === 1 ? "is a problem" : `are ${entries.length} problems`} with your ${what}</h2>
<ul>${entries.map(([field2, message]) => `<li><a href="#${escapeHtml(field2)}">${escapeHtml(fields[field2] ?? field2)}: ${escapeHtml(message)}</a></li>`).join("")}</ul>
</div>`;
}
function fieldError(id, errors) {
  const message = errors[id];
  if (!message) return { message: "", attributes: "" };
  return { message: `<span class="error" id="${id}-error">Error: ${escapeHtml(message)}</span>`, attributes: ` aria-invalid="true"` };
}
function applicationPage(job, descriptionHtml, options) {
  const form = options.form ?? { name: "", email: "", note: "" };
  const errors = options.errors ?? {};
  const name = fieldError("name", errors);
  const email = fieldError("email", errors);
  const note = fieldError("note", errors);
  const body = `<h1>${escapeHtml(job.title)}</h1>
${errorSummary(errors, { name: "Full name", email: "Email address", note: "Cover note or links" }, "application")}
${jobDetails(job, descriptionHtml)}
<h2 id="apply">Apply for this job</h2>
<form method="post" action="${escapeHtml(options.base)}/apply/${encodeURIComponent(job.id)}" novalidate aria-labelledby="apply">
<div class="field">
<label for="name">Full name</label>
${name.message}<input type="text" id="name" name="name" autocomplete="name" maxlength="${NAME_MAX_CHARS}" value="${escapeHtml(form.name)}"${name.attributes}${describedBy("name", errors)}>
</div>
<div class="field">
<label for="email">Email address</label>
<span class="hint" id="email-hint">We will only use it about this application.</span>
${email.message}<input type="email" id="email" name="email" autocomplete="email" spellcheck="false" value="${escapeHtml(form.email)}"${email.attributes}${describedBy("email", errors, "email-hint")}>
</div>
<div class="field">
<label for="note">Cover note or links <span class="muted">(optional)</span></label>
<span class="hint" id="note-hint">A few lines about you, or links to your work. Up to ${NOTE_MAX_CHARS.toLocaleString("en-US")} characters.</span>
${note.message}<textarea id="note" name="note" rows="6"${note.attributes}${describedBy("note", errors, "note-hint")}>${escapeHtml(form.note)}</textarea>
</div>
<button type="submit">Send application</button>
</form>`;
  return layout(`Apply: ${job.title}`, body);
}
function notOpenPage(job, descriptionHtml) {
  const reason2 = CLOSED_REASON[job.status] ?? "This job does not take applications.";
  return layout(`${job.title} (not open)`, `<h1>${escapeHtml(job.title)}</h1>
<p class="notice" role="status"><strong>Not open for applications.</strong> ${escapeHtml(reason2)}</p>
${jobDetails(job, descriptionHtml)}`);
}
function messagePage(title, message, tone = "notice") {
  return layout(title, `<h1>${escapeHtml(title)}</h1>
<p class="${tone}" role="status">${escapeHtml(message)}</p>`);
}
function thanksPage(job) {
  return layout(`Application sent: ${job.title}`, `<h1>Thank you for applying</h1>
<p class="done" role="status">Your application for <strong>${escapeHtml(job.title)}</strong> was received. The hiring team will be in touch.</p>`);
}
function assessmentPage(job, questions, options) {
  const values = options.form?.values ?? {};
  const errors = options.form?.errors ?? {};
  const minutes = Math.round(options.timeLimitSeconds / 60);
  const rendered = questions.map((question, index) => questionHtml(question, index + 1, values, errors)).join("\n");
  const fieldNames = Object.fromEntries(questions.map((question, index) => [question.id, `Question ${index + 1}`]));
  const body = `<h1>Assessment: ${escapeHtml(job.title)}</h1>
${errorSummary(errors, fieldNames, "answers")}
<p>${questions.length} question${questions.length === 1 ? "" : "s"}. You have ${minutes} minute${minutes === 1 ? "" : "s"} from when this page first opened: send your answers by <strong><time datetime="${options.deadline.toISOString()}">${escapeHtml(options.deadline.toISOString().slice(11, 19))} UTC</time></strong> (${escapeHtml(options.deadline.toISOString().slice(0, 10))}). Answers sent later are not accepted.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${rendered}
<button type="submit">Send answers</button>
</form>`;
  return layout(`Assessment: ${job.title}`, body);
}
function questionHtml(question, number4, values, errors) {
  const id = question.id;
  const error = fieldError(id, errors);
  const prompt = `<span class="muted">Question ${number4}.</span> ${escapeHtml(question.prompt)}`;
  if (question.type === "multiple_choice") {
    const options = (question.options ?? []).map((option, index) => {
      const checked = values[id] === String(index) ? " checked" : "";
      return `<label class="choice"><input type="radio" name="${id}" value="${index}"${index === 0 ? ` id="${id}"` : ""}${checked}> <span>${escapeHtml(option)}</span></label>`;
    }).join("\n");
    return `<fieldset${describedBy(id, errors)}>
<legend>${prompt}</legend>
${error.message}${options}
</fieldset>`;
  }
  if (question.type === "ranksort") {
    const items2 = question.items ?? [];
    const rows = items2.map((item, index) => {
      const name = `${id}.${index}`;
      const chosen = values[name] ?? "";
      const choices = [`<option value=""${chosen === "" ? " selected" : ""}>Rank\u2026</option>`].concat(items2.map((_, rank) => `<option value="${rank + 1}"${chosen === String(rank + 1) ? " selected" : ""}>${rank + 1}</option>`)).join("");
      const control2 = index === 0 ? id : name;
      return `<div class="rank"><label for="${control2}">${escapeHtml(item)}</label><select id="${control2}" name="${name}"${error.attributes}>${choices}</select></div>`;
    }).join("\n");
    return `<fieldset${describedBy(id, errors, `${id}-hint`)}>
<legend>${prompt}</legend>
<span class="hint" id="${id}-hint">1 is the most urgent; give each task a different rank.</span>
${error.message}${rows}
</fieldset>`;
  }
  return `<div class="field">
<label for="${id}">${prompt}</label>
<span class="hint" id="${id}-hint">${escapeHtml(
    (question.rubric ?? []).length > 0 ? `A good answer: ${(question.rubric ?? []).join("; ").toLowerCase()}.` : "Answer in a few sentences."
  )}</span>
${error.message}<textarea id="${id}" name="${id}" rows="6"${error.attributes}${describedBy(id, errors, `${id}-hint`)}>${escapeHtml(values[id] ?? "")}</textarea>
</div>`;
}
var STYLE, PAGE_POLICY, LABELS, label, NOTE_MAX_CHARS, NAME_MAX_CHARS, describedBy, CLOSED_REASON;
var init_render = __esm({
  "src/emulator/pages/render.ts"() {
    "use strict";
    STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.9rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1.3rem;margin:2rem 0 .75rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0;padding:1rem;background:#f3f4f6;border-radius:6px}
.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:anywhere}
.description{overflow-wrap:anywhere}.description pre{white-space:pre-wrap;background:#f3f4f6;padding:.75rem;border-radius:4px}
.muted{color:#4a4a4a}
.notice{padding:1rem;border-left:4px solid #8a4b00;background:#fff7e6;margin:1.5rem 0}
.done{padding:1rem;border-left:4px solid #1e6b35;background:#eef8f0;margin:1.5rem 0}
.field{margin:0 0 1.25rem}
label,legend{display:block;font-weight:600;margin-bottom:.3rem}
.hint{display:block;color:#4a4a4a;font-size:.95rem;margin-bottom:.3rem}
input[type=text],input[type=email],textarea,select{font:inherit;color:#1a1a1a;background:#fff;border:2px solid #555;border-radius:4px;padding:.5rem .6rem}
input[type=text],input[type=email],textarea{width:100%}
textarea{min-height:8rem;resize:vertical}
fieldset{border:1px solid #6b6b6b;border-radius:6px;padding:1rem;margin:0 0 1.5rem}
fieldset legend{padding:0 .3rem;max-width:100%;overflow-wrap:anywhere}
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.35rem 0}
.choice input{margin-top:.35rem}
.rank{display:flex;gap:.75rem;align-items:center;justify-content:space-between;margin:.35rem 0}
.rank label{font-weight:400;margin:0}
input[aria-invalid=true],textarea[aria-invalid=true],select[aria-invalid=true]{border-color:#b00020}
.error{display:block;color:#b00020;font-weight:600;margin-bottom:.3rem}
.summary{border:3px solid #b00020;padding:1rem;margin:0 0 1.5rem;border-radius:6px}
.summary h2{margin:0 0 .5rem;font-size:1.15rem}
.summary a{color:#b00020}
a{color:#1a4fd0}
button{font:inherit;font-weight:600;color:#fff;background:#1a4fd0;border:0;border-radius:4px;padding:.65rem 1.4rem;cursor:pointer}
:focus-visible{outline:3px solid #1a4fd0;outline-offset:2px}
button:focus-visible{outline-color:#1a1a1a}
`;
    PAGE_POLICY = [
      "default-src 'none'",
      `style-src 'sha256-${createHash3("sha256").update(STYLE).digest("base64")}'`,
      "img-src http: https:",
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'"
    ].join("; ");
    LABELS = {
      remote: "Remote",
      hybrid: "Hybrid",
      onsite: "On site",
      full_time: "Full time",
      part_time: "Part time",
      contract: "Contract",
      internship: "Internship",
      entry: "Entry level",
      mid: "Mid level",
      senior: "Senior",
      lead: "Lead",
      executive: "Executive",
      hourly: "per hour",
      monthly: "per month",
      yearly: "per year"
    };
    label = (value) => LABELS[value] ?? value;
    NOTE_MAX_CHARS = 2e3;
    NAME_MAX_CHARS = 200;
    describedBy = (id, errors, hint) => {
      const ids = [hint, errors[id] ? `${id}-error` : void 0].filter(Boolean);
      return ids.length > 0 ? ` aria-describedby="${ids.join(" ")}"` : "";
    };
    CLOSED_REASON = {
      draft: "This job has not been published yet, so it does not take applications.",
      paused: "Applications to this job are paused for now. Please check back later.",
      closed: "This job is closed and no longer takes applications."
    };
  }
});

// src/emulator/pages/serve.ts
import { createHash as createHash4, randomBytes as randomBytes3 } from "node:crypto";
async function servePage(req, res, ctx, pathname, requestId) {
  let page;
  try {
    page = await route(req, ctx, pathname);
  } catch (error) {
    page = error instanceof PageError ? error.page : html(500, messagePage("Something went wrong", `The emulator failed: ${error.message}`));
  }
  const body = page.html ?? "";
  res.writeHead(page.status, {
    "x-request-id": requestId,
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "content-security-policy": PAGE_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    ...page.headers
  });
  res.end(req.method === "HEAD" ? void 0 : body);
  return page.status;
}
function basePath(ctx) {
  try {
    return new URL(ctx.publicUrl).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}
async function route(req, ctx, pathname) {
  const match = PAGE_PATH.exec(pathname);
  const [, kind, rawId, thanks] = match;
  let id;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return html(404, messagePage("Page not found", "There is no page at this address."));
  }
  const method = req.method === "HEAD" ? "GET" : req.method ?? "GET";
  const allowed = thanks ? ["GET", "HEAD"] : ["GET", "HEAD", "POST"];
  if (!allowed.includes(req.method ?? "GET")) {
    return { ...html(405, messagePage("Method not allowed", `This page answers ${allowed.join(", ")}.`)), headers: { allow: allowed.join(", ") } };
  }
  if (kind === "apply") {
    if (thanks) return thanksFor(ctx, id);
    return method === "POST" ? apply(req, ctx, id) : showJob(ctx, id);
  }
  if (thanks) return html(404, messagePage("Page not found", "There is no page at this address."));
  return method === "POST" ? submitAnswers(req, ctx, id) : showAssessment(ctx, id, req.method === "GET");
}
function jobNotFound() {
  return html(404, messagePage("Job not found", "There is no job at this address. It may have been removed; check the link you were given."));
}
async function description(job) {
  return (await markdownRenderer())(job.description ?? "");
}
async function showJob(ctx, jobId) {
  const job = ctx.store.read(() => ctx.store.get("jobs", jobId));
  if (!job) return jobNotFound();
  const rendered = await description(job);
  return job.status === "active" ? html(200, applicationPage(job, rendered, { base: basePath(ctx) })) : html(200, notOpenPage(job, rendered));
}
function thanksFor(ctx, jobId) {
  const job = ctx.store.read(() => ctx.store.get("jobs", jobId));
  return job ? html(200, thanksPage(job)) : jobNotFound();
}
function validateApplication(form) {
  const errors = {};
  const name = form.name.trim();
  if (name === "") errors.name = "Enter your full name.";
  else if ([...name].length > NAME_MAX_CHARS) errors.name = `Use at most ${NAME_MAX_CHARS} characters.`;
  else if (CONTROL.test(name)) errors.name = "Use letters, spaces and punctuation only.";
  const email = form.email.trim();
  if (email === "") errors.email = "Enter your email address.";
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = "Enter an email address like name@example.com.";
  if ([...form.note].length > NOTE_MAX_CHARS) {
    errors.note = `Use at most ${NOTE_MAX_CHARS.toLocaleString("en-US")} characters (you used ${[...form.note].length.toLocaleString("en-US")}).`;
  } else if (CONTROL.test(form.note.replace(/\t/g, ""))) errors.note = "Remove the control characters.";
  return errors;
}
async function apply(req, ctx, jobId) {
  const fields = await readForm(req);
  const form = { name: fields.get("name") ?? "", email: fields.get("email") ?? "", note: (fields.get("note") ?? "").replace(/\r\n?/g, "\n") };
  const rendered = ctx.store.read(() => ctx.store.get("jobs", jobId));
  if (!rendered) return jobNotFound();
  const descriptionHtml = await description(rendered);
  const errors = validateApplication(form);
  if (Object.keys(errors).length > 0 && rendered.status === "active") {
    return html(422, applicationPage(rendered, descriptionHtml, { base: basePath(ctx), form, errors }));
  }
  const outcome = ctx.store.write(() => {
    const job = ctx.store.get("jobs", jobId);
    if (!job) return { kind: "gone" };
    if (job.status !== "active") return { kind: "not_open", job };
    const email = form.email.trim().toLowerCase();
    if (ctx.store.all("candidates", { job_id: job.id }).some((candidate2) => candidate2.email.toLowerCase() === email)) {
      return { kind: "duplicate", job };
    }
    const candidate = createApplication(ctx, job, { name: form.name.trim(), email: form.email.trim() });
    addToCandidateCount(ctx, job, 1);
    const assessment = assessmentOf(ctx, job);
    const token = assessment ? randomBytes3(32).toString("base64url") : void 0;
    ctx.store.put("applications", {
      id: newId("app"),
      job_id: job.id,
      candidate_id: candidate.id,
      note: form.note,
      token_hash: token ? hashToken(token) : null,
      assessment_id: assessment?.id ?? null,
      started_at: null,
      completed_at: null,
      created_at: ctx.now().toISOString()
    });
    return { kind: "applied", job, token };
  });
  if (outcome.kind === "gone") return jobNotFound();
  if (outcome.kind === "not_open") return html(409, notOpenPage(outcome.job, await description(outcome.job)));
  if (outcome.kind === "duplicate") {
    const errors2 = { email: "You have already applied for this job with this email address." };
    return html(409, applicationPage(outcome.job, descriptionHtml, { base: basePath(ctx), form, errors: errors2 }));
  }
  const base = basePath(ctx);
  return seeOther(outcome.token ? `${base}/assess/${outcome.token}` : `${base}/apply/${encodeURIComponent(outcome.job.id)}/thanks`);
}
function assessmentOf(ctx, job) {
  if (!job.assessment_id) return void 0;
  const assessment = ctx.store.get("assessments", job.assessment_id);
  return assessment && assessment.status === "ready" && assessment.questions.length > 0 ? assessment : void 0;
}
function hashToken(token) {
  return createHash4("sha256").update(token).digest("hex");
}
function session(ctx, token) {
  const notFound2 = new PageError(html(404, messagePage("Assessment not found", "This assessment link is not valid. Use the link from your application.")));
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound2;
  const application = ctx.store.findBy("applications", "token_hash", hashToken(token));
  if (!application || !application.assessment_id) throw notFound2;
  const job = ctx.store.get("jobs", application.job_id);
  const candidate = ctx.store.get("candidates", application.candidate_id);
  const assessment = ctx.store.get("assessments", application.assessment_id);
  if (!job || !candidate || !assessment) throw notFound2;
  return { application, job, candidate, assessment };
}
function alreadySent() {
  return html(409, messagePage("Answers already sent", "Your answers to this assessment were received. Thank you; the hiring team will be in touch.", "done"));
}
function timeIsUp(session2) {
  return html(
    410,
    messagePage(
      "Time is up",
      `The time for this assessment (${Math.round(session2.assessment.time_limit / 60)} minutes) ran out at ${deadlineOf(session2).toISOString().replace("T", " ").slice(0, 19)} UTC, so answers are no longer accepted.`
    )
  );
}
function showAssessment(ctx, token, startClock) {
  return ctx.store.write(() => {
    const current = session(ctx, token);
    if (current.application.completed_at) {
      return html(200, messagePage("Answers received", "Thank you: your answers were received. The hiring team will be in touch.", "done"));
    }
    if (!current.application.started_at && startClock) {
      current.application = ctx.store.put("applications", { ...current.application, started_at: ctx.now().toISOString() });
    }
    if (!current.application.started_at) return html(200, "");
    if (ctx.now() > deadlineOf(current)) return timeIsUp(current);
    return html(200, renderAssessment(current, `${basePath(ctx)}/assess/${token}`));
  });
}
function renderAssessment(current, action, form) {
  const questions = current.assessment.questions.map(({ answer_index: _answer, ...question }) => question);
  return assessmentPage(current.job, questions, {
    action,
    deadline: deadlineOf(current),
    timeLimitSeconds: current.assessment.time_limit,
    ...form ? { form } : {}
  });
}
function readAnswers(questions, fields) {
  const answers = { choices: {}, ranks: {}, texts: {} };
  const errors = {};
  for (const question of questions) {
    if (question.type === "multiple_choice") {
      const value = fields.get(question.id);
      if (value === null || value === "") continue;
      const index = Number(value);
      if (!Number.isInteger(index) || index < 0 || index >= (question.options ?? []).length) errors[question.id] = "Choose one of the options.";
      else answers.choices[question.id] = index;
    } else if (question.type === "ranksort") {
      const items2 = question.items ?? [];
      const given = items2.map((_, index) => fields.get(`${question.id}.${index}`) ?? "");
      if (given.every((value) => value === "")) continue;
      const ranks = given.map(Number);
      const valid = ranks.every((rank) => Number.isInteger(rank) && rank >= 1 && rank <= items2.length) && new Set(ranks).size === items2.length;
      if (!valid) errors[question.id] = `Give each task a different rank from 1 to ${items2.length}.`;
      else answers.ranks[question.id] = ranks;
    } else {
      const text4 = (fields.get(question.id) ?? "").replace(/\r\n?/g, "\n");
      if ([...text4].length > ANSWER_MAX_CHARS) errors[question.id] = `Use at most ${ANSWER_MAX_CHARS.toLocaleString("en-US")} characters.`;
      else if (text4.trim() !== "") answers.texts[question.id] = text4;
    }
  }
  return { answers, errors };
}
async function submitAnswers(req, ctx, token) {
  const fields = await readForm(req);
  return ctx.store.write(() => {
    const current = session(ctx, token);
    if (current.application.completed_at) return alreadySent();
    if (!current.application.started_at) {
      current.application = ctx.store.put("applications", { ...current.application, started_at: ctx.now().toISOString() });
    }
    if (ctx.now() > deadlineOf(current)) return timeIsUp(current);
    const { answers, errors } = readAnswers(current.assessment.questions, fields);
    if (Object.keys(errors).length > 0) {
      return html(422, renderAssessment(current, `${basePath(ctx)}/assess/${token}`, { values: Object.fromEntries(fields), errors }));
    }
    const score = scoreAnswers(current.assessment, answers);
    completeAssessment(ctx, current.job, current.candidate, score);
    ctx.store.put("applications", { ...current.application, completed_at: ctx.now().toISOString() });
    return seeOther(`${basePath(ctx)}/assess/${token}`);
  });
}
async function readForm(req) {
  const type = String(req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    req.resume();
    throw new PageError(html(415, messagePage("Unsupported form", "Send the form as application/x-www-form-urlencoded, as a browser does.")));
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      throw new PageError({
        ...html(413, messagePage("Too much text", `The form is larger than ${MAX_FORM_BYTES / 1024} KiB; shorten your answers and send it again.`)),
        headers: { connection: "close" }
      });
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
var PAGE_PATH, MAX_FORM_BYTES, ANSWER_MAX_CHARS, html, seeOther, PageError, EMAIL, CONTROL, deadlineOf;
var init_serve = __esm({
  "src/emulator/pages/serve.ts"() {
    "use strict";
    init_applications();
    init_assessments();
    init_ids();
    init_markdown();
    init_render();
    PAGE_PATH = /^\/(apply|assess)\/([^/]+)(\/thanks)?\/?$/;
    MAX_FORM_BYTES = 64 * 1024;
    ANSWER_MAX_CHARS = 5e3;
    html = (status, body) => ({ status, html: body });
    seeOther = (location) => ({ status: 303, headers: { location } });
    PageError = class extends Error {
      constructor(page) {
        super(`page ${page.status}`);
        this.page = page;
      }
      page;
    };
    EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
    CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
    deadlineOf = (session2) => new Date(Date.parse(session2.application.started_at) + session2.assessment.time_limit * 1e3);
  }
});

// src/domain/analytics.ts
function parseDateBound(text4, bound2) {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text4);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text4)) return void 0;
  const date = new Date(dateOnly ? `${text4}T00:00:00.000Z` : text4);
  if (Number.isNaN(date.getTime())) return void 0;
  if (dateOnly && date.toISOString().slice(0, 10) !== text4) return void 0;
  return dateOnly && bound2 === "to" ? new Date(date.getTime() + 864e5 - 1) : date;
}
var init_analytics = __esm({
  "src/domain/analytics.ts"() {
    "use strict";
  }
});

// src/emulator/routes/jobs.ts
function findJob(ctx, id) {
  const job = ctx.store.get("jobs", id);
  if (!job) throw notFound("job", id);
  return job;
}
function applicationUrl(ctx, jobId) {
  return `${ctx.publicUrl}/apply/${encodeURIComponent(jobId)}`;
}
function served(ctx, job) {
  if (typeof job.application_url !== "string") return job;
  if (typeof job.id === "string") return { ...job, application_url: applicationUrl(ctx, job.id) };
  const tail = /\/apply\/[^/]+$/.exec(job.application_url)?.[0];
  return tail ? { ...job, application_url: `${ctx.publicUrl}${tail}` } : job;
}
function inputOf(job) {
  const { id: _id, status: _status2, assessment_id: _a, application_url: _u, candidate_count: _c, created_at: _cr, updated_at: _up, ...input2 } = job;
  return input2;
}
function mergePatch(base, patch) {
  const out = overlay(base, {});
  for (const [key, value] of Object.entries(patch)) {
    const under = own(out, key);
    if (value === null) delete out[key];
    else define(out, key, isPlainObject(value) ? mergePatch(isPlainObject(under) ? under : {}, value) : value);
  }
  return out;
}
function jobRecord(parts) {
  const { id, title, publish, input: input2, assessment, url, stamp, candidateCount } = parts;
  return {
    id,
    title,
    status: publish ? "active" : "draft",
    ...input2,
    assessment_config: {
      auto_generate: assessment.status === "ready",
      question_count: assessment.question_count,
      time_limit: assessment.time_limit,
      proctoring: assessment.proctoring,
      question_types: assessment.question_types
    },
    assessment_id: assessment.id,
    application_url: url,
    candidate_count: candidateCount,
    created_at: stamp,
    updated_at: stamp
  };
}
function createJob(ctx, valid) {
  const { publish, title, ...input2 } = valid;
  const now = ctx.now();
  const id = newId("job");
  const started = performance.now();
  const assessment = generateAssessment({ id, title, ...input2 }, input2.assessment_config, now);
  const generationMs = Math.round((performance.now() - started) * 100) / 100;
  const stamp = now.toISOString();
  const job = jobRecord({ id, title, publish, input: input2, assessment, url: applicationUrl(ctx, id), stamp, candidateCount: 0 });
  ctx.store.put("assessments", assessment);
  ctx.store.put("jobs", job);
  ctx.events.emit("job.created", job);
  if (assessment.status === "ready") ctx.events.emit("assessment.generated", assessment);
  return { job, generationMs };
}
var jobRoutes;
var init_jobs = __esm({
  "src/emulator/routes/jobs.ts"() {
    "use strict";
    init_job();
    init_merge();
    init_assessments();
    init_http();
    init_ids();
    init_list();
    jobRoutes = [
      {
        method: "POST",
        path: "/jobs",
        handler(req, ctx) {
          const result = validateJobInput(req.body);
          if (!result.ok) throw validationError(result.errors);
          const { job, generationMs } = createJob(ctx, result.value);
          return created(job, { assessment_generation_time: generationMs });
        }
      },
      {
        method: "GET",
        path: "/jobs",
        handler(req, ctx) {
          const page = listRecords(ctx.store, "jobs", req.query, { fields: JOB_RECORD_FIELDS });
          return ok(
            page.data.map((job) => served(ctx, job)),
            page.meta
          );
        }
      },
      {
        method: "GET",
        path: "/jobs/:id",
        handler(req, ctx) {
          return ok(served(ctx, findJob(ctx, req.params.id)));
        }
      },
      {
        method: "PATCH",
        path: "/jobs/:id",
        handler(req, ctx) {
          const job = findJob(ctx, req.params.id);
          const result = validateJobPatch(req.body);
          if (!result.ok) throw validationError(result.errors);
          const { status, ...fields } = result.value;
          if (status !== void 0 && !canMoveJob(job.status, status)) {
            const message = job.status === status ? `Job ${job.id} is already ${status}.` : `Job ${job.id} is ${job.status}; it cannot become ${status}.`;
            throw new HttpError(409, "conflict", message);
          }
          const merged = mergePatch(inputOf(job), fields);
          const whole = validateJobInput(merged);
          if (!whole.ok) throw validationError(whole.errors);
          const updated = {
            ...job,
            ...whole.value,
            ...status ? { status } : {},
            updated_at: ctx.now().toISOString()
          };
          for (const key of Object.keys(inputOf(job))) if (!Object.hasOwn(whole.value, key)) delete updated[key];
          ctx.store.put("jobs", updated);
          return ok(served(ctx, updated));
        }
      },
      {
        method: "DELETE",
        path: "/jobs/:id",
        handler(req, ctx) {
          const job = findJob(ctx, req.params.id);
          ctx.store.deleteWhere("candidates", "job_id", job.id);
          ctx.store.deleteWhere("assessments", "job_id", job.id);
          ctx.store.deleteWhere("applications", "job_id", job.id);
          ctx.store.delete("jobs", job.id);
          return noContent();
        }
      }
    ];
  }
});

// src/emulator/routes/analytics.ts
var KNOWN, analyticsRoutes;
var init_analytics2 = __esm({
  "src/emulator/routes/analytics.ts"() {
    "use strict";
    init_analytics();
    init_candidate();
    init_vocabulary();
    init_merge();
    init_http();
    init_jobs();
    KNOWN = /* @__PURE__ */ new Set(["job_id", "from", "to"]);
    analyticsRoutes = [
      {
        method: "GET",
        path: "/analytics",
        handler(req, ctx) {
          const errors = dictionary();
          for (const name of req.query.keys()) if (!KNOWN.has(name)) errors[name] = "is not an analytics filter (job_id, from, to)";
          const bound2 = (name) => {
            const text4 = req.query.get(name);
            if (text4 === null) return void 0;
            const date = parseDateBound(text4, name);
            if (!date) errors[name] = "must be a date (2026-11-01) or an ISO 8601 time";
            return date;
          };
          const from = bound2("from");
          const to = bound2("to");
          if (from && to && from > to) errors.to = "must not be before from";
          if (Object.keys(errors).length > 0) throw validationError(errors, "Invalid analytics filters.");
          const jobId = req.query.get("job_id");
          if (jobId !== null) findJob(ctx, jobId);
          const inRange = (stamp) => (!from || new Date(stamp) >= from) && (!to || new Date(stamp) <= to);
          const scope = jobId === null ? {} : { job_id: jobId };
          const { jobs, candidates, assessments } = ctx.store.read(() => ({
            jobs: (jobId === null ? ctx.store.all("jobs") : ctx.store.all("jobs", { id: jobId })).filter((job) => inRange(job.created_at)),
            candidates: ctx.store.all("candidates", scope).filter((candidate) => inRange(candidate.applied_at)),
            assessments: ctx.store.all("assessments", scope).filter((assessment) => inRange(assessment.created_at))
          }));
          const scores = candidates.map((candidate) => candidate.score).filter((score) => score !== null);
          const count3 = (items2, statuses, statusOf) => Object.fromEntries(statuses.map((status) => [status, items2.filter((item) => statusOf(item) === status).length]));
          const byCandidateStatus = count3(candidates, CANDIDATE_STATUSES, (candidate) => candidate.status);
          const byJob = dictionary();
          for (const candidate of candidates) {
            const counts = byJob[candidate.job_id] ??= Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0]));
            counts[candidate.status] = (counts[candidate.status] ?? 0) + 1;
          }
          const funnel = CANDIDATE_PIPELINE.map((status, index) => ({
            status,
            count: candidates.filter((candidate) => (candidate.status === "rejected" ? 0 : CANDIDATE_PIPELINE.indexOf(candidate.status)) >= index).length
          }));
          const analytics = {
            jobs: { total: jobs.length, by_status: count3(jobs, JOB_STATUSES, (job) => job.status) },
            candidates: {
              total: candidates.length,
              by_status: byCandidateStatus,
              by_job: { ...byJob },
              assessed: scores.length,
              average_score: scores.length === 0 ? null : Math.round(scores.reduce((sum2, score) => sum2 + score, 0) / scores.length * 10) / 10
            },
            assessments: { generated: assessments.length },
            funnel,
            filters: { job_id: jobId, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null }
          };
          return ok(analytics);
        }
      }
    ];
  }
});

// src/domain/assessment.ts
import * as z5 from "zod/mini";
function validateAssessmentInput(input2) {
  return validateWith(AssessmentInputSchema, input2);
}
function unknownAssessmentFields(input2) {
  return Object.keys(input2).filter((field2) => !Object.hasOwn(ASSESSMENT_FIELDS, field2));
}
var ASSESSMENT_FIELDS, AssessmentInputSchema;
var init_assessment = __esm({
  "src/domain/assessment.ts"() {
    "use strict";
    init_rules();
    init_vocabulary();
    ASSESSMENT_FIELDS = {
      job_id: z5.optional(nonEmptyText()),
      title: z5.optional(nonEmptyText()),
      skills: z5.optional(textList()),
      question_count: z5.optional(wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max)),
      time_limit: z5.optional(wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max)),
      question_types: z5.optional(listOf(oneOf(QUESTION_TYPES), "a list of question types")),
      proctoring: z5.optional(flag())
    };
    AssessmentInputSchema = z5.looseObject(ASSESSMENT_FIELDS, { error: typeError("a JSON object") }).check(
      z5.superRefine((input2, ctx) => {
        if (input2.job_id === void 0 && input2.title === void 0) {
          ctx.addIssue({ code: "custom", path: ["job_id"], message: "is required (or a title to generate questions from)" });
        }
      })
    );
  }
});

// src/emulator/routes/assessments.ts
function createAssessment(ctx, job, source, settings) {
  const from = job ? { id: job.id, title: source.title ?? job.title, skills: source.skills ?? job.skills, requirements: job.requirements } : { id: null, title: source.title, skills: source.skills };
  const assessment = generateAssessment(from, { ...job?.assessment_config, ...settings, auto_generate: true }, ctx.now());
  ctx.store.put("assessments", assessment);
  ctx.events.emit("assessment.generated", assessment);
  return assessment;
}
var assessmentRoutes;
var init_assessments2 = __esm({
  "src/emulator/routes/assessments.ts"() {
    "use strict";
    init_assessment();
    init_assessments();
    init_http();
    init_list();
    init_jobs();
    assessmentRoutes = [
      {
        method: "POST",
        path: "/assessments",
        handler(req, ctx) {
          const result = validateAssessmentInput(req.body);
          if (!result.ok) throw validationError(result.errors);
          const { job_id, title, skills, question_count, time_limit, question_types, proctoring } = result.value;
          const settings = Object.fromEntries(Object.entries({ question_count, time_limit, question_types, proctoring }).filter(([, value]) => value !== void 0));
          const job = job_id === void 0 ? void 0 : findJob(ctx, job_id);
          const started = performance.now();
          const assessment = createAssessment(ctx, job, { title, skills }, settings);
          return created(assessment, { assessment_generation_time: Math.round((performance.now() - started) * 100) / 100 });
        }
      },
      {
        method: "GET",
        path: "/assessments",
        handler(req, ctx) {
          for (const jobId of req.query.getAll("job_id").flatMap((value) => value.split(","))) if (jobId !== "") findJob(ctx, jobId);
          const page = listRecords(ctx.store, "assessments", req.query, { fields: ASSESSMENT_RECORD_FIELDS });
          return ok(page.data, page.meta);
        }
      },
      {
        method: "GET",
        path: "/assessments/:id",
        handler(req, ctx) {
          const assessment = ctx.store.get("assessments", req.params.id);
          if (!assessment) throw notFound("assessment", req.params.id);
          return ok(assessment);
        }
      }
    ];
  }
});

// src/emulator/sandbox.ts
function sandboxDataDir(dataDir2) {
  return environmentDataDir(dataDir2, "sandbox");
}
function resetBoundary(now) {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}
function lastReset(ctx) {
  return ctx.store.meta(RESET_META);
}
function refreshSandbox(ctx) {
  const boundary = resetBoundary(ctx.now()).toISOString();
  const due = () => {
    const last = lastReset(ctx);
    return last === void 0 || last < boundary;
  };
  if (!ctx.store.read(due)) return false;
  return ctx.store.write(() => {
    if (!due()) return false;
    reseedSandbox(ctx);
    return true;
  });
}
function reseedSandbox(ctx) {
  const boundary = resetBoundary(ctx.now());
  for (const name of RESET_COLLECTIONS) ctx.store.clear(name);
  seedSandbox(ctx, boundary);
  ctx.store.setMeta(RESET_META, boundary.toISOString());
}
function seedSandbox(ctx, at, seed = SANDBOX_SEED) {
  const random = seededRandom(seed);
  const seededId = (prefix) => `${prefix}_${Array.from({ length: 20 }, () => ALPHABET2[Math.floor(random() * ALPHABET2.length)]).join("")}`;
  const stamp = at.toISOString();
  for (const { input: input2, candidates } of [...SEED_JOBS].reverse()) {
    const result = validateJobInput(input2);
    if (!result.ok) throw new Error(`The sandbox's seeded job "${String(input2.title)}" is not valid: ${JSON.stringify(result.errors)}`);
    const { publish, title, ...fields } = result.value;
    const id = seededId("job");
    const assessment = { ...generateAssessment({ id, title, ...fields }, fields.assessment_config, at), id: seededId("asmt") };
    const job = jobRecord({ id, title, publish, input: fields, assessment, url: `${ctx.publicUrl}/apply/${encodeURIComponent(id)}`, stamp, candidateCount: candidates.length });
    ctx.store.put("assessments", assessment);
    ctx.store.put("jobs", job);
    for (const [name, status, score] of candidates) {
      const candidate = {
        id: seededId("cand"),
        job_id: id,
        name,
        email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
        status,
        score,
        applied_at: stamp,
        created_at: stamp,
        updated_at: stamp
      };
      ctx.store.put("candidates", candidate);
    }
  }
}
var SANDBOX_PREFIX, SANDBOX_SEED, DAY_MS, RESET_META, RESET_COLLECTIONS, SEED_JOBS, ALPHABET2;
var init_sandbox = __esm({
  "src/emulator/sandbox.ts"() {
    "use strict";
    init_job();
    init_assessments();
    init_local_key();
    init_simulate();
    init_jobs();
    SANDBOX_PREFIX = "/sandbox";
    SANDBOX_SEED = 16;
    DAY_MS = 864e5;
    RESET_META = "sandbox_reset_at";
    RESET_COLLECTIONS = ["jobs", "assessments", "candidates", "applications", "idempotency", "events", "deliveries"];
    SEED_JOBS = [
      {
        input: {
          title: "Senior Backend Engineer",
          department: "Engineering",
          location: { type: "remote", country: "DE" },
          description: "Build and run the services behind our hiring platform: APIs used by thousands of companies, the queues behind them, and the data they keep. You will own features from design to production.",
          requirements: ["5+ years building web services", "Experience operating PostgreSQL in production"],
          skills: ["TypeScript", "Node.js", "PostgreSQL"],
          experience_level: "senior",
          employment_type: "full_time",
          salary: { min: 85e3, max: 11e4, currency: "EUR", period: "yearly" },
          assessment_config: { question_count: 6, time_limit: 1800 },
          publish: true
        },
        candidates: [
          ["Ada Lovelace", "hired", 94],
          ["Grace Hopper", "offer", 88],
          ["Alan Turing", "interview", 81],
          ["Barbara Liskov", "review", 67],
          ["Ken Thompson", "new", null]
        ]
      },
      {
        input: {
          title: "Product Designer",
          department: "Design",
          location: { type: "hybrid", city: "Berlin", state: "BE", country: "DE" },
          description: "Shape how recruiters and candidates use our product: research with customers, prototype, and ship interfaces that are clear, accessible and fast. You will work closely with engineering and support.",
          skills: ["Figma", "User research", "Accessibility"],
          experience_level: "mid",
          employment_type: "full_time",
          assessment_config: { question_count: 5, question_types: ["multiple_choice", "scenario"] },
          publish: true
        },
        candidates: [
          ["Radia Perlman", "screening", null],
          ["Hedy Lamarr", "rejected", 32],
          ["Margaret Hamilton", "review", 76]
        ]
      },
      {
        input: {
          title: "Data Analyst",
          department: "Operations",
          location: { type: "onsite", city: "Lisbon", state: "Lisboa", country: "PT" },
          description: "Turn hiring data into decisions: build the reports our teams rely on, find where candidates drop out of the funnel, and help product teams measure what they ship. SQL and clear writing matter most.",
          skills: ["SQL", "Python"],
          experience_level: "entry",
          employment_type: "part_time"
        },
        candidates: []
      }
    ];
    ALPHABET2 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  }
});

// src/emulator/request-log.ts
function loggedPath(path) {
  return path.replace(/^((?:\/sandbox)?\/assess\/)[^/?#]+/, "$1\u2026");
}
function logRequest(store, entry) {
  try {
    const { changes } = store.db.prepare("INSERT INTO requests (entry) VALUES (?)").run(JSON.stringify({ ...entry, path: loggedPath(entry.path) }));
    if (changes === 0) return;
    const last = Number(store.db.prepare("SELECT max(seq) AS last FROM requests").get()?.last ?? 0);
    if (last % TRIM_EVERY === 0) store.db.prepare("DELETE FROM requests WHERE seq <= ?").run(last - REQUESTS_KEPT);
  } catch {
  }
}
function readRequests(store, after, limit) {
  return store.read(() => {
    const last = Number(store.db.prepare("SELECT max(seq) AS last FROM requests").get()?.last ?? 0);
    if (after === void 0) return { requests: [], last };
    const rows = store.db.prepare("SELECT seq, entry FROM requests WHERE seq > ? ORDER BY seq LIMIT ?").all(after, limit);
    return { requests: rows.map((row) => ({ seq: Number(row.seq), ...JSON.parse(row.entry) })), last };
  });
}
var REQUESTS_KEPT, TRIM_EVERY;
var init_request_log = __esm({
  "src/emulator/request-log.ts"() {
    "use strict";
    REQUESTS_KEPT = 1e4;
    TRIM_EVERY = 500;
  }
});

// src/emulator/trigger.ts
function triggerRequest(body) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw validationError({ body: "must be an object" });
  const input2 = body;
  const errors = dictionary();
  for (const name of Object.keys(input2)) if (!["type", "job_id", "overrides"].includes(name)) errors[name] = "is not a known field";
  const type = input2.type;
  if (!EVENT_KINDS.includes(type)) errors.type = `must be one of: ${EVENT_KINDS.join(", ")}`;
  const jobId = input2.job_id;
  if (jobId !== void 0 && (typeof jobId !== "string" || jobId === "")) errors.job_id = "must be a job id";
  if (jobId !== void 0 && type === "job.created") errors.job_id = "does not go with job.created, which makes a job of its own";
  const overrides = input2.overrides ?? {};
  if (typeof overrides !== "object" || overrides === null || Array.isArray(overrides)) errors.overrides = "must be an object of data paths and values";
  else {
    const paths = Object.keys(overrides);
    if (paths.length > MAX_OVERRIDES) errors.overrides = `must have at most ${MAX_OVERRIDES} paths`;
    for (const path of paths) {
      const names = path.split(".");
      if (path.length > 200 || names.length > MAX_OVERRIDE_DEPTH) errors[`overrides.${path.slice(0, 60)}`] = `must name at most ${MAX_OVERRIDE_DEPTH} levels`;
      else if (!OVERRIDE_PATH.test(path) || names.some((name) => FORBIDDEN_NAMES.has(name))) {
        errors[`overrides.${path}`] = "is not a data path (names of letters, digits and _ joined by dots, such as location.city)";
      }
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { type, jobId, overrides };
}
function trigger(ctx, request2) {
  const { type, jobId, overrides } = request2;
  let shaped = false;
  const shape = (kind, data) => {
    if (kind !== type || shaped || Object.keys(overrides).length === 0) return data;
    shaped = true;
    return withOverrides(data, overrides);
  };
  const { events } = ctx.events.collect(() => produce(ctx, type, jobId), shape);
  const triggered = events.filter((event) => event.type === type).at(-1);
  if (!triggered) throw new Error(`trigger made no ${type} event`);
  return { type, event_id: triggered.id, events };
}
function produce(ctx, type, jobId) {
  if (type === "job.created") {
    newJob(ctx, false);
    return;
  }
  if (type === "assessment.generated") {
    if (jobId === void 0) newJob(ctx, false);
    else createAssessment(ctx, findJob(ctx, jobId), {}, {});
    return;
  }
  const job = jobId === void 0 ? newJob(ctx, true) : findJob(ctx, jobId);
  if (job.status !== "active") {
    throw new HttpError(409, "conflict", `Job ${job.id} is ${job.status}; only active jobs take applications (hire jobs publish ${job.id}).`);
  }
  const name = APPLICANTS[Math.floor(Math.random() * APPLICANTS.length)];
  let candidate = createApplication(ctx, job, { name, email: `${name.toLowerCase().replace(" ", ".")}.${Date.now().toString(36)}@example.com` });
  addToCandidateCount(ctx, job, 1);
  if (type === "application.received" || type === "application.created") return;
  if (type === "candidate.statusChanged") {
    moveCandidate(ctx, candidate, "screening");
    return;
  }
  candidate = completeAssessment(ctx, job, candidate, 60 + Math.floor(Math.random() * 40));
  if (type === "assessment.completed") return;
  candidate = moveCandidate(ctx, candidate, "interview");
  if (type === "interview.scheduled") return;
  moveCandidate(ctx, candidate, "offer");
}
function newJob(ctx, publish) {
  const valid = validateJobInput({ ...TRIGGER_JOB, publish });
  if (!valid.ok) throw new Error("the trigger job is not valid");
  return createJob(ctx, valid.value).job;
}
function withOverrides(data, overrides) {
  const copy = structuredClone(data ?? {});
  for (const [path, value] of Object.entries(overrides)) {
    const names = path.split(".");
    let at = copy;
    for (const [index, name] of names.entries()) {
      const last = index === names.length - 1;
      if (Array.isArray(at) && /^\d+$/.test(name) && Number(name) <= at.length) {
        const item = Number(name);
        if (last) at[item] = value;
        else {
          if (!isContainer(at[item])) at[item] = dictionary();
          at = at[item];
        }
        continue;
      }
      if (Array.isArray(at)) {
        const list2 = names.slice(0, index).join(".");
        throw validationError({ [`overrides.${path}`]: `${list2} is a list of ${at.length}: name an item by its number, 0 to ${at.length}` });
      }
      const object = at;
      if (last) object[name] = value;
      else {
        if (!isContainer(Object.hasOwn(object, name) ? object[name] : void 0)) object[name] = dictionary();
        at = object[name];
      }
    }
  }
  return copy;
}
var TRIGGER_JOB, APPLICANTS, OVERRIDE_PATH, FORBIDDEN_NAMES, MAX_OVERRIDES, MAX_OVERRIDE_DEPTH, isContainer;
var init_trigger = __esm({
  "src/emulator/trigger.ts"() {
    "use strict";
    init_job();
    init_merge();
    init_vocabulary();
    init_http();
    init_applications();
    init_assessments2();
    init_jobs();
    TRIGGER_JOB = {
      title: "Backend Engineer (hire trigger)",
      department: "Engineering",
      location: { type: "remote", country: "DE" },
      description: "Build and run the services behind the hiring platform. This job was made by `hire trigger` to produce an event.",
      skills: ["TypeScript", "Node.js"],
      experience_level: "mid",
      employment_type: "full_time"
    };
    APPLICANTS = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Radia Perlman", "Margaret Hamilton", "Ken Thompson", "Hedy Lamarr"];
    OVERRIDE_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
    FORBIDDEN_NAMES = /* @__PURE__ */ new Set(["__proto__", "prototype", "constructor"]);
    MAX_OVERRIDES = 50;
    MAX_OVERRIDE_DEPTH = 8;
    isContainer = (value) => value !== null && typeof value === "object";
  }
});

// src/emulator/routes/control.ts
var MAX_SIMULATED_APPLICATIONS, MAX_KEY_LIFETIME_SECONDS, KEY_FIELDS, REQUESTS_PAGE_MAX, controlRoutes;
var init_control = __esm({
  "src/emulator/routes/control.ts"() {
    "use strict";
    init_merge();
    init_vocabulary();
    init_http();
    init_keys();
    init_store();
    init_sandbox();
    init_request_log();
    init_simulate();
    init_trigger();
    init_jobs();
    MAX_SIMULATED_APPLICATIONS = 1e5;
    MAX_KEY_LIFETIME_SECONDS = 10 * 365 * 86400;
    KEY_FIELDS = /* @__PURE__ */ new Set(["name", "level", "tier", "expires_in_seconds", "allow_ips", "limits"]);
    REQUESTS_PAGE_MAX = 1e3;
    controlRoutes = [
      {
        // One event of a kind, from the smallest set of records that produces it (`hire trigger`).
        // A write key may: it makes what a write key could make through the API.
        method: "POST",
        path: "/trigger",
        level: "write",
        handler(req, ctx) {
          return created(trigger(ctx, triggerRequest(req.body)));
        }
      },
      {
        // The request log (`hire logs tail`): `after` a number from an earlier answer's meta.last;
        // without it, no entries, only where the log stands now.
        method: "GET",
        path: "/requests",
        handler(req, ctx) {
          const errors = dictionary();
          const afterText = req.query.get("after");
          const after = afterText === null ? void 0 : Number(afterText);
          if (after !== void 0 && (afterText.trim() === "" || !Number.isInteger(after) || after < 0)) errors.after = "must be a whole number of at least 0";
          const limitText = req.query.get("limit");
          const limit = limitText === null ? REQUESTS_PAGE_MAX : Number(limitText);
          if (!Number.isInteger(limit) || limit < 1 || limit > REQUESTS_PAGE_MAX) errors.limit = `must be a whole number from 1 to ${REQUESTS_PAGE_MAX}`;
          if (Object.keys(errors).length > 0) throw validationError(errors);
          const { requests, last } = readRequests(ctx.store, after, limit);
          return ok(requests, { last });
        }
      },
      {
        method: "POST",
        path: "/simulate",
        handler(req, ctx) {
          const body = req.body ?? {};
          const errors = dictionary();
          if (typeof body.job_id !== "string" || body.job_id === "") errors.job_id = "is required";
          const applications = body.applications ?? 10;
          if (!Number.isInteger(applications) || applications < 1 || applications > MAX_SIMULATED_APPLICATIONS) {
            errors.applications = `must be a whole number from 1 to ${MAX_SIMULATED_APPLICATIONS}`;
          }
          const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
          if (!Number.isInteger(seed)) errors.seed = "must be a whole number";
          for (const flag3 of ["complete_assessments", "advance"]) {
            if (body[flag3] !== void 0 && typeof body[flag3] !== "boolean") errors[flag3] = "must be true or false";
          }
          if (Object.keys(errors).length > 0) throw validationError(errors);
          const job = findJob(ctx, body.job_id);
          if (job.status !== "active") {
            throw new HttpError(409, "conflict", `Job ${job.id} is ${job.status}; only active jobs take applications (hire jobs publish ${job.id}).`);
          }
          return created(
            simulateApplications(ctx, job, {
              applications,
              seed,
              advance: body.advance === true,
              // Moving along the pipeline passes through the assessment.
              completeAssessments: body.complete_assessments === true || body.advance === true
            })
          );
        }
      },
      {
        method: "POST",
        path: "/keys",
        handler(req, ctx) {
          const body = req.body ?? {};
          const errors = dictionary();
          for (const field2 of Object.keys(body)) {
            if (!KEY_FIELDS.has(field2)) errors[field2] = "is not a known field";
          }
          const level = body.level ?? "write";
          if (!KEY_LEVELS.includes(level)) errors.level = `must be one of: ${KEY_LEVELS.join(", ")}`;
          const tier = body.tier ?? "standard";
          if (!TIERS.includes(tier)) errors.tier = `must be one of: ${TIERS.join(", ")}`;
          const name = body.name ?? `${String(level)} key`;
          if (typeof name !== "string" || name.trim() === "") errors.name = "must be a non-empty string";
          const expires = body.expires_in_seconds;
          if (expires !== void 0 && (typeof expires !== "number" || !Number.isInteger(expires) || expires < 0 || expires > MAX_KEY_LIFETIME_SECONDS)) {
            errors.expires_in_seconds = `must be a whole number of seconds from 0 to ${MAX_KEY_LIFETIME_SECONDS} (10 years)`;
          }
          const allowIps = body.allow_ips ?? [];
          if (!Array.isArray(allowIps) || allowIps.some((entry) => typeof entry !== "string" || !parseCidr(entry))) {
            errors.allow_ips = "must be a list of IP addresses or CIDR blocks, such as 10.0.0.0/8";
          }
          const limits = {};
          if (body.limits !== void 0 && (body.limits === null || typeof body.limits !== "object" || Array.isArray(body.limits))) {
            errors.limits = 'must be an object such as {"hour": 5}';
          }
          for (const window of ["hour", "day", "concurrent"]) {
            const value = body.limits?.[window];
            if (value === void 0) continue;
            if (!Number.isInteger(value) || value < 1) errors[`limits.${window}`] = "must be a whole number of at least 1";
            else limits[window] = value;
          }
          if (Object.keys(errors).length > 0) throw validationError(errors);
          const { record: record4, secret } = ctx.keys.create({
            name,
            level,
            tier,
            limits,
            allowIps,
            ...expires !== void 0 ? { expiresInSeconds: expires } : {}
          });
          return created({ ...record4, key: secret });
        }
      },
      {
        method: "GET",
        path: "/keys",
        handler(_req, ctx) {
          return ok(ctx.keys.list());
        }
      },
      {
        method: "DELETE",
        path: "/keys/:id",
        handler(req, ctx) {
          if (req.params.id === "key_local") throw new HttpError(409, "conflict", "The local profile key cannot be revoked.");
          const revoked = ctx.keys.revoke(req.params.id);
          if (!revoked) throw notFound("key", req.params.id);
          return ok(revoked);
        }
      },
      {
        method: "POST",
        path: "/reset",
        handler(_req, ctx) {
          const removed = {};
          for (const name of COLLECTIONS) {
            if (name === "keys") continue;
            removed[name] = ctx.store.clear(name);
          }
          if (ctx.environment === "sandbox") reseedSandbox(ctx);
          return ok({ removed });
        }
      }
    ];
  }
});

// src/emulator/routes/events.ts
function time(value) {
  const parsed = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(parsed)) throw new Error("must be an ISO 8601 date or time, such as 2026-11-24T09:00:00Z");
  return new Date(parsed).toISOString();
}
var EVENT_FIELDS, eventRoutes;
var init_events2 = __esm({
  "src/emulator/routes/events.ts"() {
    "use strict";
    init_merge();
    init_http();
    init_events();
    init_list();
    init_store();
    EVENT_FIELDS = ["id", "type", "created_at", "job_id", "data"];
    eventRoutes = [
      {
        method: "GET",
        path: "/events",
        handler(req, ctx) {
          const page = listRecords(ctx.store, "events", req.query, {
            fields: EVENT_FIELDS,
            // Past the log's age, an event not yet trimmed is not shown either.
            condition: { sql: `${field("created_at")} >= ?`, params: [retentionCutoff(ctx.now())] },
            filters: {
              created_after: { parse: time, sql: `${field("created_at")} >= ?` },
              created_before: { parse: time, sql: `${field("created_at")} < ?` }
            }
          });
          return ok(page.data, page.meta);
        }
      },
      {
        method: "GET",
        path: "/events/:id",
        handler(req, ctx) {
          const event = ctx.store.get("events", req.params.id);
          if (!event || expired(event, ctx.now())) throw notFound("event", req.params.id);
          const deliveries = ctx.store.all("deliveries", { event_id: event.id }).map(publicDelivery);
          return ok({ ...event, deliveries });
        }
      },
      {
        // Sends the event again with the same webhook-id, now: to one webhook, or to those it went to.
        method: "POST",
        path: "/events/:id/resend",
        handler(req, ctx) {
          const body = req.body ?? {};
          const errors = dictionary();
          if (typeof body !== "object" || Array.isArray(body)) throw validationError({ body: "must be an object" });
          for (const name of Object.keys(body)) if (name !== "webhook_id") errors[name] = "is not a known field";
          if (body.webhook_id !== void 0 && (typeof body.webhook_id !== "string" || body.webhook_id === "")) errors.webhook_id = "must be a webhook id";
          if (Object.keys(errors).length > 0) throw validationError(errors);
          const deliveries = ctx.events.resend(req.params.id, body.webhook_id);
          return created({ event_id: req.params.id, deliveries: deliveries.map(publicDelivery) });
        }
      }
    ];
  }
});

// src/domain/webhook.ts
import * as z6 from "zod/mini";
function isAcceptableUrl(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return url.protocol === "http:" && (host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host));
}
function validateWebhookInput(input2) {
  return validateWith(WebhookInputSchema, input2);
}
var WEBHOOK_SECRET_MIN_LENGTH, WebhookInputSchema;
var init_webhook = __esm({
  "src/domain/webhook.ts"() {
    "use strict";
    init_rules();
    init_vocabulary();
    WEBHOOK_SECRET_MIN_LENGTH = 16;
    WebhookInputSchema = z6.strictObject(
      {
        url: text().check(z6.refine(isAcceptableUrl, { error: "must be an https URL (http only for 127.0.0.1 or localhost)" })),
        events: listOf(oneOf(EVENT_KINDS), "a list of event kinds").check(
          z6.minLength(1, { error: "must name at least one event kind" }),
          z6.refine((kinds) => new Set(kinds).size === kinds.length, { error: "must not name a kind twice" })
        ),
        secret: nonEmptyText().check(
          z6.minLength(WEBHOOK_SECRET_MIN_LENGTH, { error: `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters` })
        )
      },
      { error: typeError("a JSON object") }
    );
  }
});

// src/emulator/routes/webhooks.ts
function publicWebhook({ secret: _secret, ...webhook }) {
  return webhook;
}
function findWebhook(ctx, id) {
  const webhook = ctx.store.get("webhooks", id);
  if (!webhook) throw notFound("webhook", id);
  return webhook;
}
var WEBHOOK_FIELDS, DELIVERY_FIELDS, webhookRoutes;
var init_webhooks = __esm({
  "src/emulator/routes/webhooks.ts"() {
    "use strict";
    init_webhook();
    init_http();
    init_ids();
    init_events();
    init_list();
    WEBHOOK_FIELDS = ["id", "url", "events", "status", "created_at", "updated_at"];
    DELIVERY_FIELDS = ["id", "webhook_id", "event_id", "event_type", "url", "state", "attempts", "next_attempt_at", "created_at", "updated_at"];
    webhookRoutes = [
      {
        method: "POST",
        path: "/webhooks",
        handler(req, ctx) {
          const result = validateWebhookInput(req.body);
          if (!result.ok) throw validationError(result.errors);
          const stamp = ctx.now().toISOString();
          const webhook = { id: newId("wh"), ...result.value, status: "active", created_at: stamp, updated_at: stamp };
          ctx.store.put("webhooks", webhook);
          return created(publicWebhook(webhook));
        }
      },
      {
        method: "GET",
        path: "/webhooks",
        handler(req, ctx) {
          const page = listRecords(ctx.store, "webhooks", req.query, { fields: WEBHOOK_FIELDS, show: publicWebhook });
          return ok(page.data, page.meta);
        }
      },
      {
        method: "GET",
        path: "/webhooks/:id",
        handler(req, ctx) {
          return ok(publicWebhook(findWebhook(ctx, req.params.id)));
        }
      },
      {
        // The delivery log (assumed, CONTRACT §3 `webhooks deliveries ID`): every attempt of every event.
        method: "GET",
        path: "/webhooks/:id/deliveries",
        handler(req, ctx) {
          const webhook = findWebhook(ctx, req.params.id);
          const page = listRecords(ctx.store, "deliveries", req.query, {
            fields: DELIVERY_FIELDS,
            scope: { webhook_id: webhook.id },
            show: publicDelivery
          });
          return ok(page.data, page.meta);
        }
      },
      {
        // Every webhook's deliveries in one list (assumed, CONTRACT §6): `hire status` counts the
        // failed ones with `state=failed` and one request, however many webhooks there are.
        method: "GET",
        path: "/deliveries",
        handler(req, ctx) {
          const page = listRecords(ctx.store, "deliveries", req.query, { fields: DELIVERY_FIELDS, show: publicDelivery });
          return ok(page.data, page.meta);
        }
      },
      {
        method: "DELETE",
        path: "/webhooks/:id",
        // The spec gives write keys "configure webhooks" (CONTRACT §6 "Keys"): removing one included.
        level: "write",
        handler(req, ctx) {
          ctx.store.delete("webhooks", findWebhook(ctx, req.params.id).id);
          return noContent();
        }
      }
    ];
  }
});

// src/emulator/server.ts
var server_exports = {};
__export(server_exports, {
  DEFAULT_HOST: () => DEFAULT_HOST,
  DEFAULT_PORT: () => DEFAULT_PORT,
  DataDirBusyError: () => DataDirBusyError,
  MAX_BODY_BYTES: () => MAX_BODY_BYTES,
  MAX_BODY_DEPTH: () => MAX_BODY_DEPTH,
  requestOrigin: () => requestOrigin,
  startEmulator: () => startEmulator
});
import { createHash as createHash5 } from "node:crypto";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
function compileRoute(route2) {
  const names = [];
  const source = route2.path.replace(/:([a-z_]+)/g, (_, name) => {
    names.push(name);
    return "([^/]+)";
  });
  return { ...route2, pattern: new RegExp(`^${source}$`), names };
}
async function startEmulator(options) {
  const mode = options.mode ?? "server";
  const localKey = ensureLocalKey(options.dataDir);
  const holder = readServerRecord(options.dataDir);
  if (mode === "server" && holder && isAlive(holder.pid) && await probeEmulator(holder.url, localKey) === "ours") {
    throw new DataDirBusyError(holder);
  }
  const store = Store.open(options.dataDir, options.busyTimeoutMs !== void 0 ? { busyTimeoutMs: options.busyTimeoutMs } : {});
  let record4;
  let environments;
  try {
    if (store.migrated && store.migrated.files.length > 0) {
      options.onNotice?.(
        `Moved the emulator data in ${options.dataDir} (${store.migrated.records} records) into ${store.path}; the old files are kept as ${store.migrated.files.join(" and ")}.`
      );
    }
    if (store.migrated?.strays) {
      options.onNotice?.(
        `Found emulator data written in the old format after the move into ${store.path} (by an earlier hire still running?); it was not imported and is kept as ${store.migrated.strays.join(" and ")}.`
      );
    }
    const now = options.now ?? (() => /* @__PURE__ */ new Date());
    const keys = new KeyRing(store, localKey, now, localKeyCreatedAt(options.dataDir));
    const eventOptions = {
      now,
      ...options.deliveryBackoffMs !== void 0 ? { backoffMs: options.deliveryBackoffMs } : {},
      ...options.eventsKept !== void 0 ? { eventsKept: options.eventsKept } : {},
      // A standing server also delivers what commands on the same data recorded.
      ...mode === "server" ? { pollMs: 1e3 } : {}
    };
    const events = new EventBus(store, eventOptions);
    const server = createServer();
    const routeContext = { store, keys, events, publicUrl: options.publicUrl ?? "", now, environment: "production" };
    const sandboxDir = sandboxDataDir(options.dataDir);
    const parts = {
      production: routeContext,
      sandbox() {
        if (this.opened) return this.opened;
        const sandboxStore = Store.open(sandboxDir, options.busyTimeoutMs !== void 0 ? { busyTimeoutMs: options.busyTimeoutMs } : {});
        try {
          const sandboxEvents = new EventBus(sandboxStore, eventOptions);
          const sandboxKeys = new KeyRing(sandboxStore, ensureLocalKey(sandboxDir), now, localKeyCreatedAt(sandboxDir));
          sandboxEvents.start();
          this.opened = { store: sandboxStore, keys: sandboxKeys, events: sandboxEvents, publicUrl: "", now, environment: "sandbox" };
        } catch (error) {
          sandboxStore.close();
          throw error;
        }
        return this.opened;
      },
      opened: void 0
    };
    environments = parts;
    if (mode === "server") parts.sandbox();
    const chaos = options.chaos ? createChaos(options.chaos) : void 0;
    server.on("request", (req, res) => {
      void handle(req, res, { environments: parts, publicUrl: options.publicUrl, onRequest: options.onRequest, chaos, localKey, mode });
    });
    const address = await listen(server, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT);
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    const origin = `http://${host}:${address.port}`;
    if (mode === "server") {
      record4 = { pid: process.pid, url: origin, started_at: (/* @__PURE__ */ new Date()).toISOString() };
      writeServerRecord(options.dataDir, record4);
    }
    events.start();
    return {
      origin,
      apiUrl: `${origin}/api/v1`,
      sandboxApiUrl: `${origin}${SANDBOX_PREFIX}/api/v1`,
      keyFiles: { production: localKeyPath(options.dataDir), sandbox: localKeyPath(sandboxDir) },
      store,
      chaosCounts: chaos?.counts,
      close: closer(server, { environments: parts, mode, dataDir: options.dataDir, record: record4 })
    };
  } catch (error) {
    if (record4) removeServerRecord(options.dataDir, record4);
    if (environments?.opened) {
      await environments.opened.events.stop(0);
      environments.opened.store.close();
    }
    store.close();
    throw error;
  }
}
function requestOrigin(req) {
  const host = req.headers.host;
  if (host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return `http://${host.toLowerCase()}`;
  const address = req.socket.localAddress ?? DEFAULT_HOST;
  return `http://${address.includes(":") ? `[${address}]` : address}:${req.socket.localPort}`;
}
function listen(server, host, port) {
  return new Promise((resolve2, reject) => {
    const onError = (error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve2(server.address());
    });
  });
}
function closer(server, { environments, mode, dataDir: dataDir2, record: record4 }) {
  const opened = () => [environments.production, ...environments.opened ? [environments.opened] : []];
  let closing2;
  return () => closing2 ??= (async () => {
    await new Promise((resolve2) => {
      server.close(() => resolve2());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2e3).unref();
    });
    for (const { events } of opened()) {
      if (mode === "embedded") await events.drain(EMBEDDED_DELIVERY_WAIT_MS);
      await events.stop(mode === "server" ? 2e3 : 0);
    }
  })().finally(() => {
    if (record4) removeServerRecord(dataDir2, record4);
    for (const { store } of opened()) store.close();
  });
}
async function handle(req, res, options) {
  const started = performance.now();
  const requestId = newId("req");
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", "http://emulator");
  const requested = url.pathname + url.search;
  const environment = url.pathname === SANDBOX_PREFIX || url.pathname.startsWith(`${SANDBOX_PREFIX}/`) ? "sandbox" : "production";
  if (environment === "sandbox") url.pathname = url.pathname.slice(SANDBOX_PREFIX.length) || "/";
  let response;
  const headers = { "x-request-id": requestId, date: options.environments.production.now().toUTCString() };
  let keyName = null;
  let logTo;
  const log = (status) => {
    const ms = performance.now() - started;
    options.onRequest?.({ method, path: loggedPath(requested), status, ms, requestId });
    if (url.pathname === INFO_PATH || url.pathname === REQUESTS_PATH) return;
    const target = logTo ?? options.environments.production;
    logRequest(target.store, { at: target.now().toISOString(), method, path: requested, status, ms: Math.round(ms * 10) / 10, request_id: requestId, key_name: keyName });
  };
  const version = /^\/api\/v([01])(\/.*)?$/.exec(url.pathname);
  const injected = version ? options.chaos?.next() : void 0;
  if (injected?.fault === "latency") await sleep(injected.latencyMs);
  if (injected?.fault === "drop_before") {
    req.socket.destroy();
    log(0);
    return;
  }
  try {
    const origin = options.publicUrl ?? requestOrigin(req);
    const routeContext = environment === "sandbox" ? { ...options.environments.sandbox(), publicUrl: origin + SANDBOX_PREFIX } : { ...options.environments.production, publicUrl: origin };
    logTo = routeContext;
    if (url.pathname === INFO_PATH && method === "GET") {
      const nonce = url.searchParams.get("nonce") ?? "";
      if (!/^[0-9a-f]{16,128}$/.test(nonce)) throw new HttpError(400, "validation_error", "A nonce is required.", { nonce: "must be 16 to 128 hex digits" });
      const proof = infoProof(options.localKey, nonce, req.socket.localAddress, req.socket.localPort);
      response = { status: 200, body: { data: { proof, pid: process.pid, standing: options.mode === "server" } } };
      send(res, response, headers, requestId);
      log(response.status);
      return;
    }
    if (environment === "sandbox") refreshSandbox(routeContext);
    if (!version && PAGE_PATH.test(url.pathname)) {
      log(await servePage(req, res, routeContext, url.pathname, requestId));
      return;
    }
    const control2 = /^\/_emulator(\/.*)?$/.exec(url.pathname);
    if (!version && !control2) {
      const prefix = environment === "sandbox" ? SANDBOX_PREFIX : "";
      throw new HttpError(404, "not_found", `No API at ${prefix}${url.pathname}; the API lives under ${prefix}/api/v1.`);
    }
    if (version?.[1] === "0") {
      headers.deprecation = "true";
      headers.sunset = V0_SUNSET;
      headers.link = '</api/v1>; rel="successor-version"';
    }
    const path = ((version ? version[2] : control2[1]) ?? "/").replace(/\/+$/, "") || "/";
    const { keys } = routeContext;
    let key;
    try {
      key = keys.identify(req.headers.authorization);
    } catch (error) {
      Object.assign(headers, keys.anonymous(req.socket.remoteAddress));
      throw otherEnvironmentKey(error, environment, req.headers.authorization, options.environments);
    }
    keyName = key.name;
    Object.assign(headers, keys.standing(key));
    const routes = version ? API_ROUTES : CONTROL_ROUTES;
    keys.authorize(key, req.socket.remoteAddress, method, levelOf(routes, method, path) ?? (control2 ? "admin" : void 0));
    const { route: route2, params } = findRoute(routes, method, path);
    if (injected?.fault === "error") throw new HttpError(503, "service_unavailable", "The service is unavailable (an injected fault).");
    if (injected?.fault === "rate_limit") {
      throw new HttpError(429, "rate_limited", "Too many requests (an injected fault).", void 0, { "retry-after": "1" }, { retry_after: 1 });
    }
    const admission = keys.admit(key);
    Object.assign(headers, admission.headers);
    try {
      const rawBody = await readBody(req);
      const body = parseJsonBody(rawBody, method);
      const request2 = { method, path, params, query: url.searchParams, headers: req.headers, body, requestId, key };
      const { store } = routeContext;
      const run2 = () => withIdempotency(request2, rawBody, routeContext, () => route2.handler(request2, routeContext));
      response = WRITES.has(method) ? store.write(run2) : store.read(run2);
    } finally {
      admission.release();
    }
  } catch (error) {
    response = errorResponse(error);
  }
  Object.assign(headers, response.headers);
  if (injected?.fault === "drop_after") req.socket.destroy();
  else send(res, response, headers, requestId, injected?.fault === "truncate");
  log(response.status);
}
function otherEnvironmentKey(error, environment, authorization, environments) {
  if (!(error instanceof HttpError) || error.code !== "unauthorized" || !authorization) return error;
  const other = environment === "sandbox" ? environments.production : environments.sandbox();
  if (!other.keys.holds(authorization)) return error;
  const message = environment === "sandbox" ? "This is a production API key; the sandbox (/sandbox/api/v1) takes sandbox keys only." : "This is a sandbox API key; production (/api/v1) takes production keys only.";
  return new HttpError(401, "unauthorized", message, void 0, error.headers);
}
function levelOf(routes, method, path) {
  return routes.find((route2) => route2.method === method && route2.pattern.test(path))?.level;
}
function findRoute(routes, method, path) {
  const allowed = [];
  for (const route2 of routes) {
    const match = route2.pattern.exec(path);
    if (!match) continue;
    if (route2.method !== method) {
      allowed.push(route2.method);
      continue;
    }
    const params = {};
    for (const [index, name] of route2.names.entries()) {
      try {
        params[name] = decodeURIComponent(match[index + 1]);
      } catch {
        throw new HttpError(400, "validation_error", "The path is not valid percent-encoding.", { [name]: "is not valid percent-encoding" });
      }
    }
    return { route: route2, params };
  }
  if (allowed.length > 0) {
    throw new HttpError(405, "method_not_allowed", `${method} is not allowed on ${path}; use ${allowed.join(", ")}.`, void 0, {
      allow: allowed.join(", ")
    });
  }
  throw new HttpError(404, "not_found", `No such endpoint: ${method} ${path}.`);
}
async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, "payload_too_large", `The request body exceeds ${MAX_BODY_BYTES} bytes.`, void 0, {
        connection: "close"
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
function parseJsonBody(bytes, method) {
  if (method === "GET" || method === "DELETE") return void 0;
  let raw;
  try {
    raw = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "validation_error", "The request body is not valid UTF-8.", { body: "is not valid UTF-8" });
  }
  if (raw.trim() === "") return void 0;
  let body;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new HttpError(400, "validation_error", "The request body is not valid JSON.", {
      body: `is not valid JSON (${error.message})`
    });
  }
  if (deeperThan(body, MAX_BODY_DEPTH)) {
    throw new HttpError(400, "validation_error", `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, {
      body: `must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`
    });
  }
  return body;
}
function withIdempotency(req, rawBody, ctx, run2) {
  const header2 = req.headers["idempotency-key"];
  const idempotencyKey = Array.isArray(header2) ? header2[0] : header2;
  if (req.method !== "POST" || !idempotencyKey) return run2();
  const id = `${req.key.id}:${idempotencyKey}`;
  const requestHash = createHash5("sha256").update(`${req.method} ${req.path}
`).update(req.body === void 0 ? rawBody : canonicalJson(req.body)).digest("hex");
  const previous = ctx.store.get("idempotency", id);
  if (previous) {
    if (previous.request_hash !== requestHash) {
      throw new HttpError(409, "conflict", "This Idempotency-Key was already used with a different request.");
    }
    return { status: previous.status, body: previous.body, headers: { "idempotent-replayed": "true" } };
  }
  const response = run2();
  if (response.status >= 200 && response.status < 300) {
    ctx.store.put("idempotency", {
      id,
      request_hash: requestHash,
      status: response.status,
      body: response.body,
      created_at: ctx.now().toISOString()
    });
  }
  return response;
}
function errorResponse(error) {
  if (error instanceof HttpError) {
    const body = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    if (error.status === 401 || error.status === 403) body.status = error.status;
    return { status: error.status, body: { error: body, ...error.extra }, headers: error.headers };
  }
  return { status: 500, body: { error: { code: "internal_error", message: `The emulator failed: ${error.message}` } } };
}
function send(res, response, headers, requestId, truncate2 = false) {
  if (response.status === 204 || response.body === void 0) {
    res.writeHead(response.status, headers);
    if (truncate2) res.socket?.destroy();
    else res.end();
    return;
  }
  const meta = { request_id: requestId, ...response.body.meta };
  const payload = JSON.stringify({ ...response.body, meta });
  res.writeHead(response.status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(payload))
  });
  if (!truncate2) {
    res.end(payload);
    return;
  }
  res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}
var DEFAULT_PORT, DEFAULT_HOST, MAX_BODY_BYTES, MAX_BODY_DEPTH, V0_SUNSET, DataDirBusyError, API_ROUTES, CONTROL_ROUTES, EMBEDDED_DELIVERY_WAIT_MS, WRITES, REQUESTS_PATH;
var init_server = __esm({
  "src/emulator/server.ts"() {
    "use strict";
    init_canonical();
    init_nesting();
    init_http();
    init_ids();
    init_chaos();
    init_events();
    init_keys();
    init_local_key();
    init_presence();
    init_serve();
    init_analytics2();
    init_assessments2();
    init_candidates();
    init_control();
    init_jobs();
    init_events2();
    init_webhooks();
    init_request_log();
    init_sandbox();
    init_store();
    DEFAULT_PORT = 4010;
    DEFAULT_HOST = "127.0.0.1";
    MAX_BODY_BYTES = 1024 * 1024;
    MAX_BODY_DEPTH = MAX_NESTING;
    V0_SUNSET = "Mon, 01 Nov 2027 00:00:00 GMT";
    DataDirBusyError = class extends Error {
      constructor(holder) {
        super(`An emulator (pid ${holder.pid}) already serves this data dir at ${holder.url}.`);
        this.holder = holder;
      }
      holder;
    };
    API_ROUTES = [...jobRoutes, ...candidateRoutes, ...assessmentRoutes, ...analyticsRoutes, ...webhookRoutes, ...eventRoutes].map(
      compileRoute
    );
    CONTROL_ROUTES = controlRoutes.map(compileRoute);
    EMBEDDED_DELIVERY_WAIT_MS = 3e3;
    WRITES = /* @__PURE__ */ new Set(["POST", "PUT", "PATCH", "DELETE"]);
    REQUESTS_PATH = "/_emulator/requests";
  }
});

// src/emulator/embedded.ts
var embedded_exports = {};
__export(embedded_exports, {
  connectLocalEmulator: () => connectLocalEmulator
});
async function connectLocalEmulator(options) {
  const { address, dataDir: dataDir2, localKey } = options;
  const origins = [address.origin];
  const record4 = readServerRecord(dataDir2);
  if (record4 && record4.url !== address.origin && isAlive(record4.pid)) origins.push(record4.url);
  let foreign;
  for (const origin of origins) {
    const verdict = await probeEmulator(origin, localKey);
    if (verdict === "ours") return { mode: "standing", origin, close: async () => {
    }, ...foreign ? { foreign } : {} };
    if (verdict === "foreign" && origin === address.origin) foreign = address.host;
  }
  const { startEmulator: startEmulator2 } = await Promise.resolve().then(() => (init_server(), server_exports));
  let migrated;
  const emulator = await startEmulator2({
    dataDir: dataDir2,
    host: "127.0.0.1",
    port: 0,
    mode: "embedded",
    publicUrl: address.origin,
    ...options.now ? { now: options.now } : {},
    onNotice: (message) => migrated = message
  });
  return { mode: "embedded", origin: emulator.origin, close: emulator.close, ...foreign ? { foreign } : {}, ...migrated ? { migrated } : {} };
}
var init_embedded = __esm({
  "src/emulator/embedded.ts"() {
    "use strict";
    init_presence();
  }
});

// src/api/undici.ts
import { setFlagsFromString } from "node:v8";
import AgentClass from "undici/lib/dispatcher/agent.js";
function proxySettings(env) {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? "",
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? "",
    noProxy: env.no_proxy ?? env.NO_PROXY ?? ""
  };
}
async function envHttpProxyAgent(settings) {
  const [{ default: EnvHttpProxyAgent }, { default: DispatcherClass }, { default: api }] = await Promise.all([
    import("undici/lib/dispatcher/env-http-proxy-agent.js"),
    import("undici/lib/dispatcher/dispatcher.js"),
    import("undici/lib/api/index.js")
  ]);
  Object.assign(DispatcherClass.prototype, api);
  return new EnvHttpProxyAgent(settings);
}
var Agent;
var init_undici = __esm({
  "src/api/undici.ts"() {
    "use strict";
    setFlagsFromString("--liftoff-only");
    Agent = AgentClass;
  }
});

// src/api/pacer.ts
var pacer_exports = {};
__export(pacer_exports, {
  BudgetWaitExceeded: () => BudgetWaitExceeded,
  Pacer: () => Pacer,
  ServerClock: () => ServerClock,
  formatWait: () => formatWait
});
function formatWait(ms) {
  const total = Math.ceil(ms / 1e3);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor(total % 3600 / 60), total % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
var HEADROOM_SHARE, WINDOW_SECONDS, RATE_BASELINE_MS, ServerClock, BudgetWaitExceeded, Pacer;
var init_pacer = __esm({
  "src/api/pacer.ts"() {
    "use strict";
    HEADROOM_SHARE = 0.1;
    WINDOW_SECONDS = 3600;
    RATE_BASELINE_MS = 1e4;
    ServerClock = class {
      #first;
      #latest;
      #localNow;
      constructor(localNow = () => performance.now()) {
        this.#localNow = localNow;
      }
      observe(dateHeader) {
        if (!dateHeader) return;
        const server = Date.parse(dateHeader);
        if (Number.isNaN(server)) return;
        const point = { local: this.#localNow(), server };
        this.#first ??= point;
        if (this.#latest && server < this.#latest.server) this.#first = point;
        this.#latest = point;
      }
      /**
       * Server ms per local ms: 1 unless measured clearly faster over a long enough span. Date headers
       * have whole seconds, so the span may be a second longer than it reads: the slowest rate they
       * allow is taken, so that waits end late rather than early (a request sent before the reset
       * would be a 429).
       */
      get rate() {
        if (!this.#first || !this.#latest) return 1;
        const serverSpan = this.#latest.server - this.#first.server;
        const localSpan = this.#latest.local - this.#first.local;
        if (serverSpan < RATE_BASELINE_MS || localSpan <= 0) return 1;
        const slowest = (serverSpan - 1e3) / localSpan;
        return slowest < 1.25 ? 1 : slowest;
      }
      /** The server's time now (ms), estimated; undefined before any Date header. */
      now() {
        if (!this.#latest) return void 0;
        return this.#latest.server + (this.#localNow() - this.#latest.local) * this.rate;
      }
      /** Local ms until the server's clock shows this Unix time (seconds); 0 when past. */
      localMsUntil(serverSeconds) {
        const now = this.now() ?? Date.now();
        return Math.max(0, (serverSeconds * 1e3 - now) / this.rate);
      }
    };
    BudgetWaitExceeded = class extends Error {
      constructor(waitedMs) {
        super(`waited ${Math.round(waitedMs / 1e3)} s for the rate limit`);
        this.waitedMs = waitedMs;
      }
      waitedMs;
    };
    Pacer = class {
      #options;
      #clock;
      #budget;
      /** Admitted and not yet answered: the last reported `remaining` does not count them. */
      #pending = 0;
      /** Admitted since the budget was last reported (answers may come out of order). */
      #sinceReport = 0;
      #reportSeen;
      /** The budget believed now: the last report that is not about a window already waited out. */
      #current;
      /** The latest reset waited for: reports about that window or earlier ones are stale. */
      #passedReset;
      #lastAdmit = 0;
      /** Requests waiting for an answer to come in (with its report of the budget). */
      #onSettled = [];
      #waitedMs = 0;
      /** Requests waiting now, since when, and until when the longest of them waits. */
      #waiting = 0;
      #waitStart = 0;
      #waitEnd = 0;
      /** Set after waiting for a reset, until an answer reports the new window. */
      #assumeFresh;
      constructor(budget, clock, options) {
        this.#budget = budget;
        this.#clock = clock;
        this.#options = options;
      }
      get waitedMs() {
        return this.#waitedMs;
      }
      /** Waits until a request may be sent; throws BudgetWaitExceeded past maxWaitMs. */
      async admit() {
        for (; ; ) {
          const reported = this.#budget();
          if (reported !== this.#reportSeen) {
            this.#reportSeen = reported;
            const stale = reported?.reset !== void 0 && this.#passedReset !== void 0 && reported.reset <= this.#passedReset;
            const older = reported !== void 0 && this.#current !== void 0 && this.#assumeFresh === void 0 && reported.reset === this.#current.reset && reported.remaining > this.#current.remaining;
            if (!stale && !older) {
              this.#current = reported;
              this.#sinceReport = this.#pending;
              this.#assumeFresh = void 0;
            }
          }
          const budget = this.#assumeFresh ?? this.#current;
          if (!budget || !Number.isFinite(budget.limit)) return this.#admitted();
          const left = budget.remaining - this.#sinceReport - this.#options.reserve;
          const resetInMs = budget.reset === void 0 ? void 0 : this.#clock.localMsUntil(budget.reset);
          if (left > 0) {
            const headroom = Math.max(1, Math.floor(budget.limit * HEADROOM_SHARE));
            if (left > headroom || resetInMs === void 0) return this.#admitted();
            const due = this.#lastAdmit + resetInMs / (left + 1);
            const now = performance.now();
            if (due <= now || this.#waitedMs + (due - now) > this.#options.maxWaitMs) return this.#admitted();
            await this.#wait(Math.min(due - now, resetInMs), budget, resetInMs, false);
            continue;
          }
          if (this.#pending > 0) {
            await new Promise((resolve2) => this.#onSettled.push(resolve2));
            continue;
          }
          const waitMs = (resetInMs ?? 1e3) + 50 / this.#clock.rate + 20;
          await this.#wait(waitMs, budget, resetInMs ?? waitMs, true);
          if (budget.reset !== void 0 && this.#passedReset !== void 0 && budget.reset <= this.#passedReset) continue;
          if (budget.reset !== void 0) this.#passedReset = budget.reset;
          this.#assumeFresh = { limit: budget.limit, remaining: budget.limit, reset: void 0 };
          this.#sinceReport = this.#pending;
        }
      }
      /** The request admitted has been answered (or failed). */
      settled() {
        this.#pending = Math.max(0, this.#pending - 1);
        for (const resolve2 of this.#onSettled.splice(0)) resolve2();
      }
      /** A 429 in spite of pacing (another client, or headers that were not truthful): wait for its reset. */
      async rateLimited(retryAfterServerSeconds) {
        const budget = this.#budget();
        const resetInMs = retryAfterServerSeconds !== void 0 || budget?.reset === void 0 ? (retryAfterServerSeconds ?? 1) * 1e3 / this.#clock.rate : this.#clock.localMsUntil(budget.reset);
        await this.#wait(resetInMs + 20, budget, resetInMs, true);
      }
      #admitted() {
        this.#pending += 1;
        this.#sinceReport += 1;
        this.#lastAdmit = performance.now();
      }
      /**
       * Waits `ms`. Requests waiting at once wait together: the time counted against --max-wait is the
       * time during which any of them waited, and only the first says so.
       */
      async #wait(ms, budget, resetInMs, report2) {
        const now = performance.now();
        const start = this.#waiting > 0 ? this.#waitStart : now;
        const end = Math.max(this.#waiting > 0 ? this.#waitEnd : now, now + ms);
        if (this.#waitedMs + (end - start) > this.#options.maxWaitMs) throw new BudgetWaitExceeded(this.#waitedMs + (now - start));
        if (this.#waiting === 0) this.#waitStart = now;
        this.#waitEnd = end;
        this.#waiting += 1;
        const first = this.#waiting === 1;
        try {
          await this.#sleepReporting(ms, budget, resetInMs, report2 && first);
        } finally {
          this.#waiting -= 1;
          if (this.#waiting === 0) this.#waitedMs += performance.now() - this.#waitStart;
        }
      }
      async #sleepReporting(ms, budget, resetInMs, report2) {
        if (report2 && this.#options.onWait) {
          const known = budget !== void 0 && Number.isFinite(budget.limit) && budget.limit > 0;
          const left = this.#options.requestsLeft?.();
          const perWindow = known ? Math.max(1, budget.limit - this.#options.reserve) : void 0;
          const windows = left === void 0 || perWindow === void 0 ? void 0 : Math.max(0, Math.ceil(left / perWindow) - 1);
          const etaMs = windows === void 0 ? void 0 : resetInMs + windows * WINDOW_SECONDS * 1e3 / this.#clock.rate;
          this.#options.onWait({ remaining: known ? Math.max(0, budget.remaining) : void 0, limit: known ? budget.limit : void 0, resetInMs, etaMs });
        }
        await this.#options.sleep(ms);
        if (report2) this.#options.onWait?.(null);
      }
    };
  }
});

// src/api/envelope.ts
import * as z7 from "zod/mini";
function isRecordList(value) {
  return Array.isArray(value) && value.every((item) => item !== null && typeof item === "object" && !Array.isArray(item));
}
var MetaSchema, SuccessEnvelopeSchema, ListMetaSchema, ErrorEnvelopeSchema, RecordSchema;
var init_envelope = __esm({
  "src/api/envelope.ts"() {
    "use strict";
    MetaSchema = z7.looseObject({
      request_id: z7.optional(z7.string())
    });
    SuccessEnvelopeSchema = z7.looseObject({
      data: z7.unknown(),
      meta: z7.optional(MetaSchema)
    });
    ListMetaSchema = z7.looseObject({
      request_id: z7.optional(z7.string()),
      current_page: z7.number(),
      per_page: z7.number(),
      total_pages: z7.number(),
      total_count: z7.number()
    });
    ErrorEnvelopeSchema = z7.looseObject({
      error: z7.looseObject({
        code: z7.string(),
        message: z7.string(),
        details: z7.optional(z7.nullable(z7.record(z7.string(), z7.unknown()))),
        status: z7.optional(z7.number()),
        retry_after: z7.optional(z7.number())
      }),
      meta: z7.optional(MetaSchema),
      retry_after: z7.optional(z7.number())
    });
    RecordSchema = z7.record(z7.string(), z7.unknown());
  }
});

// src/api/client.ts
var client_exports = {};
__export(client_exports, {
  ApiClient: () => ApiClient,
  MAX_RESPONSE_BYTES: () => MAX_RESPONSE_BYTES,
  backoffMs: () => backoffMs,
  parseResponse: () => parseResponse,
  redactSecrets: () => redactSecrets,
  redirectMessage: () => redirectMessage,
  retryAfterSeconds: () => retryAfterSeconds
});
import { randomUUID } from "node:crypto";
import { setTimeout as sleep2 } from "node:timers/promises";
function redactSecrets(text4) {
  return text4.replace(/("(?:secret|signing_secret|key|api_key|token|password)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"').replace(/\b(hk_(?:live|test|local)_|whsec_)[A-Za-z0-9+/=_-]+/g, "$1[redacted]");
}
function exchange(dispatcher, url, method, headers, body, timeoutMs, onTimeout) {
  const target = new URL(url);
  return new Promise((resolve2, reject) => {
    let status = 0;
    let size = 0;
    let responseHeaders = {};
    const chunks = [];
    let control2;
    const timer = setTimeout(() => {
      onTimeout();
      const error = new Error(`timed out after ${timeoutMs} ms`);
      if (control2) control2.abort(error);
      else reject(error);
    }, timeoutMs);
    const settle = (outcome) => {
      clearTimeout(timer);
      outcome();
    };
    dispatcher.dispatch(
      { origin: target.origin, path: target.pathname + target.search, method, headers, body: body ?? null },
      {
        onRequestStart(controller) {
          control2 = controller;
        },
        onResponseStart(_controller, statusCode, received) {
          status = statusCode;
          responseHeaders = flattenHeaders(received);
        },
        onResponseData(controller, chunk) {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            controller.abort(
              new ApiError({
                status,
                code: "response_too_large",
                message: `The server's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB; hire stopped reading it.`
              })
            );
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd() {
          settle(() => resolve2({ status, headers: responseHeaders, text: Buffer.concat(chunks).toString("utf8") }));
        },
        onResponseError(_controller, error) {
          settle(() => reject(error));
        }
      }
    );
  });
}
function apiRoot(href) {
  const url = new URL(href);
  const prefix = /^(.*)\/api\/v\d+\/*$/.exec(url.pathname)?.[1] ?? "";
  return url.origin + prefix;
}
function budgetWaitError(waitedMs) {
  return new HireError(`Stopped: waiting for the rate limit would pass --max-wait (waited ${formatWait(waitedMs)} so far).`, {
    exitCode: ExitCode.rateLimited,
    code: "rate_limit_wait",
    hint: "Run it again later (with --resume for an export, or the same file for an import: done rows are skipped), or allow more waiting with --max-wait."
  });
}
function isRepeatable(method) {
  return method === "GET" || method === "HEAD" || method === "POST";
}
function backoffMs(attempt, baseMs = 500) {
  const ceiling = Math.min(8e3, baseMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
function retryAfterSeconds(response, nowMs) {
  let body;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = void 0;
  }
  for (const value of [body?.retry_after, body?.error?.retry_after, response.headers["retry-after"]]) {
    const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  const reset = Number(response.headers["x-ratelimit-reset"]);
  if (response.status === 429 && response.headers["x-ratelimit-reset"] && Number.isFinite(reset)) return Math.max(0, reset - Math.floor(nowMs / 1e3));
  return void 0;
}
function readRateLimit(headers) {
  const remaining = Number(headers["x-ratelimit-remaining"]);
  if (!headers["x-ratelimit-remaining"] || !Number.isFinite(remaining)) return void 0;
  const limit = headers["x-ratelimit-limit"] ? Number(headers["x-ratelimit-limit"]) : Number.NaN;
  const reset = Number(headers["x-ratelimit-reset"]);
  return { limit, remaining, reset: Number.isFinite(reset) ? reset : void 0 };
}
function flattenHeaders(headers) {
  const flat = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== void 0) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}
function redirectMessage(status, location) {
  return `The server answered HTTP ${status}, a redirect${location ? ` to ${location}` : ""}; hire does not follow redirects, so that the API key goes nowhere else. Check the base URL.`;
}
function parseResponse(status, headers, text4) {
  if (status >= 300 && status < 400) {
    throw new ApiError({
      status,
      code: "redirect",
      message: redirectMessage(status, headers.location),
      ...headers["x-request-id"] ? { requestId: headers["x-request-id"] } : {}
    });
  }
  let json;
  try {
    json = text4 === "" && status === 204 ? { data: null } : JSON.parse(text4);
  } catch {
    throw unparseable(status, headers, text4, "is not JSON");
  }
  if (status >= 400) throw errorFromEnvelope(status, headers, json, text4);
  const envelope = SuccessEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text4, "has no `data` envelope");
  return { status, data: envelope.data.data, meta: envelope.data.meta ?? {}, headers };
}
function errorFromEnvelope(status, headers, json, text4) {
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text4, "is not an error envelope");
  const { error, meta } = envelope.data;
  const requestId = meta?.request_id ?? headers["x-request-id"];
  const retryAfter = status === 429 ? retryAfterSeconds({ status, headers, text: text4 }, Date.now()) : void 0;
  return new ApiError({
    status,
    code: error.code,
    message: error.message,
    ...error.details ? { details: stringifyDetails(error.details) } : {},
    ...requestId ? { requestId } : {},
    ...retryAfter !== void 0 ? { retryAfterSeconds: retryAfter } : {},
    body: json
  });
}
function stringifyDetails(details) {
  const out = dictionary();
  for (const [field2, message] of Object.entries(details)) {
    out[field2] = typeof message === "string" ? message : JSON.stringify(message);
  }
  return out;
}
function unparseable(status, headers, text4, problem) {
  const type = headers["content-type"] ? ` (${headers["content-type"].split(";")[0]})` : "";
  const snippet3 = text4.replace(/\s+/g, " ").trim().slice(0, 120);
  const requestId = headers["x-request-id"];
  return new ApiError({
    // Exit 1 (exitCodeForStatus), whatever the status, but for 401, 403 and 429, which say enough alone.
    status,
    code: "invalid_response",
    message: `The server answered HTTP ${status} with a body that ${problem}${type}${snippet3 ? `: ${snippet3}` : ""}`,
    ...requestId ? { requestId } : {},
    // The API answers a missing record with its JSON error envelope: this 404 came from something else.
    ...status === 404 ? { hint: "That is not the API's JSON: is the base URL right? It is the API's address, version prefix included (https://host/api/v1)." } : {}
  });
}
function checkKeySendable(apiKey, source) {
  const chars = [...apiKey];
  const index = chars.findIndex((char2) => /[^\x20-\x7e\xa0-\xff]/.test(char2));
  if (index < 0) return;
  const char = chars[index];
  const kind = /[\r\n]/.test(char) ? "a line break" : char.codePointAt(0) > 255 ? "a character outside Latin-1" : "a control character";
  const [where, hint] = source === void 0 ? ["The API key", "Use the key exactly as the dashboard shows it."] : "env" in source ? [`The API key in ${source.env}`, `Set ${source.env} to the key exactly as the dashboard shows it.`] : [`The API key stored in profile "${source.profile}"`, `Store it again, exactly as the dashboard shows it: \`hire auth login --profile ${source.profile}\`.`];
  throw new UsageError(`${where} contains ${kind} (character ${index + 1}), which cannot be sent in an HTTP header.`, { code: "invalid_api_key", hint });
}
function unsendable(error) {
  const header2 = /^invalid (\S+) header$/.exec(error.message)?.[1];
  return new UsageError(
    header2 ? `The ${header2} header contains a character that cannot be sent in an HTTP header (a line break, a control character or one outside Latin-1).` : `hire cannot send this request: ${error.message}.`,
    { code: "unsendable_request" }
  );
}
function certificateError(code, origin, error) {
  const problem = CERTIFICATE_PROBLEMS[code] ?? (/CERT/.test(code) && !code.startsWith("ERR_SSL_") ? "it was rejected" : void 0);
  if (problem === void 0) return void 0;
  const hint = code === "ERR_TLS_CERT_ALTNAME_INVALID" ? "Check the host in the base URL: the certificate names another." : code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID" ? "Check this machine's clock; otherwise the server's certificate must be renewed." : "If a proxy or firewall re-signs HTTPS traffic, set NODE_EXTRA_CA_CERTS to a PEM file of its CA certificate; otherwise the server's certificate is at fault.";
  return new NetworkError(`Cannot reach ${origin}: TLS certificate problem: ${problem} (${code}). Not retried.`, {
    code: "tls_certificate",
    hint,
    cause: error
  });
}
function networkError(error, url, timedOut2, timeoutMs) {
  const origin = new URL(url).origin;
  if (timedOut2) {
    return new NetworkError(`Request to ${origin} timed out after ${timeoutMs / 1e3} s.`, {
      code: "timeout",
      hint: "Raise the limit with --timeout SECONDS.",
      cause: error
    });
  }
  const err = error;
  const code = err.code ?? err.cause?.code ?? "";
  const certificate = certificateError(code, origin, error);
  if (certificate) return certificate;
  const reason2 = NETWORK_CODES[code] ?? (isTlsCode(code) ? `TLS error (${code})` : err.message || String(error));
  return new NetworkError(`Cannot reach ${origin}: ${reason2}.`, {
    code: code === "ECONNREFUSED" ? "connection_refused" : "network_error",
    cause: error
  });
}
function isTlsCode(code) {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}
var MAX_RESPONSE_BYTES, REDACTED, ApiClient, NETWORK_CODES, CERTIFICATE_PROBLEMS;
var init_client = __esm({
  "src/api/client.ts"() {
    "use strict";
    init_undici();
    init_errors();
    init_pacer();
    init_merge();
    init_envelope();
    init_base_url();
    MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
    REDACTED = "Bearer [redacted]";
    ApiClient = class _ApiClient {
      #options;
      #dispatcher;
      #warnedDeprecation = false;
      #rateLimit;
      /** The server's clock, from its Date headers: where rate-limit resets fall in this process's time. */
      #clock = new ServerClock();
      /** Set for bulk work (pace()): requests wait for the budget instead of running into 429. */
      #pacer;
      /** Aborted by abort(): Ctrl-C ends requests in flight and waits before retries at once. */
      #stopped = new AbortController();
      constructor(options, dispatcher) {
        this.#options = options;
        this.#dispatcher = dispatcher;
        if (options.baseUrl.deprecated) this.#warnDeprecated("the base URL uses /api/v0");
      }
      static async create(options) {
        checkKeySendable(options.apiKey, options.apiKeySource);
        const host = new URL(options.baseUrl.href).hostname;
        const dispatcher = isLoopbackHost(host) ? new Agent({ keepAliveTimeout: 1e3, connect: { lookup: lookupLoopback } }) : await envHttpProxyAgent(proxySettings(options.env ?? {}));
        return new _ApiClient(options, dispatcher);
      }
      get baseUrl() {
        return this.#options.baseUrl.href;
      }
      url(path, query, fromRoot = false) {
        const base = fromRoot ? apiRoot(this.#options.baseUrl.href) : this.#options.baseUrl.href;
        const url = new URL(base + (path.startsWith("/") ? path : `/${path}`));
        for (const [name, value] of Object.entries(query ?? {})) {
          if (value === void 0) continue;
          if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
          else url.searchParams.set(name, String(value));
        }
        return url.href;
      }
      /** One API operation: the parsed envelope, or an ApiError / NetworkError. */
      async request(method, path, options = {}) {
        const response = await this.send(method, path, options);
        const parsed = parseResponse(response.status, response.headers, response.text);
        return response.unanswered ? { ...parsed, unanswered: response.unanswered } : parsed;
      }
      /**
       * Sends a request, retrying as CONTRACT §5 says, and returns the last answer as received.
       * 429 is retried for every method (nothing was done); 5xx and network failures only where a
       * repeat is safe: GET, and POST (its Idempotency-Key makes the server answer a repeat with the
       * first result). A refused connection never reached the server, so any method is retried.
       */
      async send(method, path, options = {}) {
        const url = this.url(path, options.query, options.fromRoot);
        const headers = {
          authorization: `Bearer ${this.#options.apiKey}`,
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": this.#options.userAgent,
          ...options.headers
        };
        if (method === "POST") headers["idempotency-key"] = options.idempotencyKey ?? randomUUID();
        const body = options.rawBody ?? (options.body === void 0 ? void 0 : JSON.stringify(options.body));
        const maxRetries = this.#options.maxRetries ?? 0;
        let unanswered = 0;
        for (let attempt = 0; ; attempt++) {
          let response;
          await this.#admit();
          try {
            response = await this.#attempt(method, url, headers, body);
            if (unanswered > 0) response = { ...response, unanswered };
          } catch (error) {
            this.#pacer?.settled();
            if (this.#stopped.signal.aborted) throw new InterruptedError();
            const retryable2 = error instanceof NetworkError && error.code !== "tls_certificate" && (isRepeatable(method) || error.code === "connection_refused");
            if (!retryable2 || attempt >= maxRetries) throw error;
            if (error.code !== "connection_refused") unanswered += 1;
            await this.#pause(backoffMs(attempt, this.#options.backoffBaseMs), `${error.message.replace(/\.$/, "")}`, attempt, maxRetries);
            continue;
          }
          this.#pacer?.settled();
          if (response.headers.deprecation) this.#warnDeprecated(`the server marks ${method} ${path} as deprecated`, response.headers);
          this.#clock.observe(response.headers.date);
          this.#rateLimit = readRateLimit(response.headers) ?? this.#rateLimit;
          const { status } = response;
          if (status === 429 && this.#pacer) {
            try {
              await this.#pacer.rateLimited(retryAfterSeconds(response, this.#clock.now() ?? Date.now()));
            } catch (error) {
              if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error.waitedMs);
              throw error;
            }
            attempt -= 1;
            continue;
          }
          const retryable = status === 429 || status >= 500 && isRepeatable(method);
          if (!retryable || attempt >= maxRetries) return response;
          const waitSeconds = retryAfterSeconds(response, this.#options.now?.() ?? Date.now());
          if (waitSeconds !== void 0 && waitSeconds > MAX_WAIT_SECONDS) return response;
          const delay = waitSeconds !== void 0 ? waitSeconds * 1e3 : backoffMs(attempt, this.#options.backoffBaseMs);
          await this.#pause(delay, status === 429 ? "Rate limited (429)" : `Server error ${status}`, attempt, maxRetries);
        }
      }
      /** The rate-limit headroom the server last reported, if it did. */
      /** Local milliseconds until the server's clock shows this Unix time (a rate-limit reset); 0 when past. */
      localMsUntil(unixSeconds) {
        return this.#clock.localMsUntil(unixSeconds);
      }
      get rateLimit() {
        return this.#rateLimit;
      }
      /**
       * Bulk work from now on (CONTRACT §7 "Rate limits in bulk"): every request waits for the key's
       * budget (keeping `reserve` for others), a 429 waits for its window's reset however long, and
       * waiting past `maxWaitMs` in all ends the request in a rate_limit_wait error (exit 5).
       */
      pace(options) {
        const sleepInterruptibly = (ms) => sleep2(ms, void 0, { signal: this.#stopped.signal }).catch(() => {
          throw new InterruptedError();
        });
        this.#pacer = new Pacer(() => this.#rateLimit, this.#clock, { ...options, sleep: sleepInterruptibly });
        return this.#pacer;
      }
      async #admit() {
        try {
          await this.#pacer?.admit();
        } catch (error) {
          if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error.waitedMs);
          throw error;
        }
      }
      async #pause(delayMs, reason2, attempt, maxRetries) {
        const seconds = delayMs >= 1e3 ? `${Math.round(delayMs / 100) / 10} s` : `${Math.round(delayMs)} ms`;
        this.#options.onRetry?.(`${reason2}; retrying in ${seconds} (retry ${attempt + 1} of ${maxRetries}).`);
        await sleep2(delayMs, void 0, { signal: this.#stopped.signal }).catch(() => {
          throw new InterruptedError();
        });
      }
      async #attempt(method, url, headers, body) {
        this.#traceRequest(method, url, headers, body);
        const started = performance.now();
        let timedOut2 = false;
        try {
          const response = await exchange(this.#dispatcher, url, method, headers, body, this.#options.timeoutMs, () => {
            timedOut2 = true;
          });
          this.#traceResponse(response.status, response.headers, response.text, performance.now() - started);
          return response;
        } catch (error) {
          if (error instanceof ApiError) throw error;
          if (error.code === "UND_ERR_INVALID_ARG") throw unsendable(error);
          throw networkError(error, url, timedOut2, this.#options.timeoutMs);
        }
      }
      async close() {
        if (!this.#stopped.signal.aborted) await this.#dispatcher.close();
      }
      /**
       * For Ctrl-C: drops every request in flight (close() would wait for their answers) and any wait
       * before a retry; they end in an InterruptedError, and nothing is retried or sent after this.
       */
      abort() {
        if (this.#stopped.signal.aborted) return;
        this.#stopped.abort();
        this.#dispatcher.destroy().catch(() => void 0);
      }
      #warnDeprecated(what, headers) {
        if (this.#warnedDeprecation) return;
        this.#warnedDeprecation = true;
        const sunset = headers?.sunset ? ` It will be removed after ${headers.sunset}.` : "";
        this.#options.onWarning?.(`API version deprecated: ${what}.${sunset} Use /api/v1.`);
      }
      #traceRequest(method, url, headers, body) {
        const trace = this.#options.onTrace;
        if (!trace) return;
        trace(`> ${method} ${url}`);
        for (const [name, value] of Object.entries(headers)) trace(`> ${name}: ${name === "authorization" ? REDACTED : value}`);
        if (body !== void 0) trace(`> ${redactSecrets(body)}`);
      }
      #traceResponse(status, headers, text4, elapsedMs) {
        const trace = this.#options.onTrace;
        if (!trace) return;
        trace(`< ${status} (${Math.round(elapsedMs)} ms)`);
        for (const [name, value] of Object.entries(headers)) trace(`< ${name}: ${value}`);
        const shown = redactSecrets(text4.length > 2e3 ? text4.slice(0, 2e3) : text4);
        trace(`< ${text4.length > 2e3 ? `${shown}\u2026 (${text4.length} bytes)` : shown}`);
      }
    };
    NETWORK_CODES = {
      ECONNREFUSED: "connection refused",
      ECONNRESET: "connection reset by the server",
      ENOTFOUND: "host not found (DNS)",
      EAI_AGAIN: "DNS lookup failed",
      EHOSTUNREACH: "host unreachable",
      ENETUNREACH: "network unreachable",
      ETIMEDOUT: "connection timed out",
      UND_ERR_CONNECT_TIMEOUT: "connection timed out",
      UND_ERR_HEADERS_TIMEOUT: "timed out waiting for the response",
      UND_ERR_BODY_TIMEOUT: "timed out reading the response",
      UND_ERR_SOCKET: "the connection closed unexpectedly",
      UND_ERR_CLOSED: "the connection closed unexpectedly"
    };
    CERTIFICATE_PROBLEMS = {
      DEPTH_ZERO_SELF_SIGNED_CERT: "it is self-signed",
      SELF_SIGNED_CERT_IN_CHAIN: "its chain ends in a self-signed certificate that is not trusted",
      UNABLE_TO_VERIFY_LEAF_SIGNATURE: "it is issued by an unknown certificate authority",
      UNABLE_TO_GET_ISSUER_CERT: "it is issued by an unknown certificate authority",
      UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "it is issued by an unknown certificate authority",
      CERT_UNTRUSTED: "it is not trusted",
      CERT_HAS_EXPIRED: "it has expired",
      CERT_NOT_YET_VALID: "it is not valid yet",
      CERT_REVOKED: "it has been revoked",
      ERR_TLS_CERT_ALTNAME_INVALID: "it is issued for another host name"
    };
  }
});

// src/api/connect.ts
var connect_exports = {};
__export(connect_exports, {
  connect: () => connect
});
async function connect(profile, options) {
  const closers = [];
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    for (const close of closers.reverse()) await close();
  };
  options.onStarted(release);
  const source = profile.baseUrlSource === "env" ? "HIRE_BASE_URL" : `base URL of profile "${profile.name}"`;
  let baseUrl = resolveBaseUrl(profile.baseUrl, source);
  const target = new URL(baseUrl.href);
  const local = profile.environment === "local" && isLoopbackHost(target.hostname);
  let apiKey = profile.apiKey;
  let localKey;
  if (local) {
    const { ensureLocalKey: ensureLocalKey2, environmentDataDir: environmentDataDir2 } = await Promise.resolve().then(() => (init_local_key(), local_key_exports));
    localKey = ensureLocalKey2(options.dataDir);
    const environment = targetEnvironment(profile);
    apiKey ??= environment === "sandbox" ? ensureLocalKey2(environmentDataDir2(options.dataDir, "sandbox")) : localKey;
  }
  if (!apiKey) {
    throw new AuthError(`No API key for profile "${profile.name}".`, `Run \`hire auth login --profile ${profile.name}\`, or set HIRE_API_KEY.`);
  }
  if (local && localKey && profile.baseUrlSource === "env" && profile.keySource !== "env" && profile.keySource !== "profile") {
    const { probeEmulator: probeEmulator2 } = await Promise.resolve().then(() => (init_presence(), presence_exports));
    if (await probeEmulator2(target.origin, localKey) === "foreign") {
      throw new AuthError(
        `HIRE_BASE_URL points at ${target.origin}, which does not prove it is this data dir's emulator; the local key was not sent.`,
        "Set HIRE_API_KEY to a key of that server, or unset HIRE_BASE_URL."
      );
    }
  }
  if (local && localKey && profile.baseUrlSource !== "env") {
    const { connectLocalEmulator: connectLocalEmulator2 } = await Promise.resolve().then(() => (init_embedded(), embedded_exports));
    const dir = options.dataDir;
    const now = emulatorClock(options.env);
    const emulator = await connectLocalEmulator2({ address: target, dataDir: dir, localKey, ...now ? { now } : {} }).catch((error) => {
      if (error instanceof Error && error.name === "StoreError") throw new HireError(error.message, { exitCode: ExitCode.failure, code: "emulator_data" });
      throw error;
    });
    closers.push(emulator.close);
    if (emulator.origin !== target.origin) baseUrl = { ...baseUrl, href: emulator.origin + target.pathname };
    if (emulator.migrated) options.notice(emulator.migrated);
    if (emulator.foreign) options.notice(`Something other than this data dir's emulator answers at ${emulator.foreign}; it was sent nothing.`);
    if (options.announce) {
      options.announceEmulator(
        emulator.mode === "embedded" ? (
          // One line (scripts filter it), wrapped at a terminal like every notice; the home dir as ~.
          `Using the local emulator in-process (data in ${homeShort(dir, options.env.HOME)}); \`hire emulator start\` keeps one running.`
        ) : `Using the local emulator at ${emulator.origin}.`
      );
    }
  }
  const { ApiClient: ApiClient2 } = await Promise.resolve().then(() => (init_client(), client_exports));
  const client = await ApiClient2.create({
    baseUrl,
    apiKey,
    apiKeySource: profile.keySource === "env" ? { env: "HIRE_API_KEY" } : { profile: profile.name },
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    env: options.env,
    userAgent: options.userAgent,
    onWarning: options.warn,
    onRetry: options.notice,
    ...options.trace ? { onTrace: options.trace } : {}
  });
  closers.push(() => client.close());
  return { client, release };
}
function homeShort(dir, home2) {
  if (!home2 || home2 === "/" || !dir.startsWith(`${home2}/`)) return dir;
  return `~${dir.slice(home2.length)}`;
}
var init_connect = __esm({
  "src/api/connect.ts"() {
    "use strict";
    init_profiles();
    init_emulator_clock();
    init_errors();
    init_base_url();
  }
});

// src/context.ts
var context_exports = {};
__export(context_exports, {
  Context: () => Context,
  VERSION: () => VERSION
});
var VERSION, Context;
var init_context = __esm({
  "src/context.ts"() {
    "use strict";
    init_paths();
    init_errors();
    init_cells();
    init_fit();
    init_settings();
    VERSION = true ? "0.1.0" : "0.0.0-dev";
    Context = class {
      io;
      env;
      /** Set by a command that ends without an error but not with 0 (a server stopped by Ctrl-C). */
      exitCode = ExitCode.ok;
      #settings = DEFAULT_SETTINGS;
      /** The global flags as typed, kept for reporting an error in them (--json with a bad --timeout). */
      #rawGlobals = {};
      #output;
      #config;
      #profile;
      #client;
      /** How to close each client made, with what it started (an in-process emulator). */
      #releases = /* @__PURE__ */ new Map();
      #cleanups = [];
      /** "Using the local emulator …" was said: a command that connects again (listen) says it once. */
      #emulatorAnnounced = false;
      #painters = /* @__PURE__ */ new Map();
      constructor(io, env) {
        this.io = io;
        this.env = env;
      }
      /** Reads the global flags once, before any command runs: `parse` checks them (commands/parse.ts). */
      applySettings(raw, parse) {
        this.#rawGlobals = raw;
        this.#settings = parse(raw);
        this.#output = void 0;
      }
      /** The global flags, parsed and frozen (defaults until they are read). */
      get settings() {
        return this.#settings;
      }
      /** Whether JSON was asked for, even when the flags did not parse (errors are then JSON too). */
      get wantsJson() {
        return this.#settings.format === "json" || this.#rawGlobals.json === true || this.#rawGlobals.output === "json";
      }
      /** What output/ needs: streams, terminals, format, fields, colour. */
      get output() {
        if (!this.#output) {
          const { io, settings } = this;
          this.#output = Object.freeze({
            stdout: io.stdout,
            stderr: io.stderr,
            isStdoutTTY: io.isStdoutTTY,
            isStderrTTY: io.isStderrTTY,
            columns: io.columns,
            format: settings.format,
            fields: settings.fields,
            csvRaw: settings.csvRaw,
            quiet: settings.quiet,
            painter: (stream) => this.painter(stream)
          });
        }
        return this.#output;
      }
      /**
       * Prompts only when someone is there: stdin and stderr (where prompts render) are a terminal,
       * not CI, not --no-input. stdout may be redirected: `hire jobs create --json > job.json`.
       */
      get canPrompt() {
        return this.io.isStdinTTY && this.io.isStderrTTY && !this.env.CI && this.#settings.input;
      }
      painter(stream) {
        let painter = this.#painters.get(stream);
        if (!painter) {
          const isTTY = stream === "stdout" ? this.io.isStdoutTTY : this.io.isStderrTTY;
          painter = Promise.resolve().then(() => (init_paint(), paint_exports)).then(
            ({ colourLevel: colourLevel2, createPainter: createPainter2 }) => createPainter2(colourLevel2({ isTTY, flag: this.#settings.color, env: this.env }))
          );
          this.#painters.set(stream, painter);
        }
        return painter;
      }
      // The sinks for people (CONTRACT §7): whatever a message quotes from a server, a file or argv,
      // no control character reaches the terminal; only the newlines of our own messages stay.
      /** A line for people on stderr; silenced by --quiet. `style` (a painter's colour) is applied after escaping. */
      notice(message, style) {
        if (this.#settings.quiet) return;
        const text4 = this.fitToTerminal(inertLines(message));
        this.io.stderr.write(`${style ? style(text4) : text4}
`);
      }
      /** A warning on stderr; shown even with --quiet. */
      warn(message) {
        this.io.stderr.write(`${this.fitToTerminal(`Warning: ${inertLines(message)}`)}
`);
      }
      /** At a terminal of known width, each line wrapped between words and `commands` (the terminal would cut inside one), keeping its indent. */
      fitToTerminal(text4) {
        const width = this.io.isStderrTTY ? this.io.stderrColumns ?? this.io.columns : void 0;
        if (!width || width < 20) return text4;
        return text4.split("\n").flatMap((line) => {
          const indent = /^ */.exec(line)[0];
          return displayWidth(line) <= width ? [line] : wrapProse(line.slice(indent.length), width - indent.length).map((piece) => indent + piece);
        }).join("\n");
      }
      /** One line of a --verbose trace: a newline from a response body is escaped too. */
      trace(line) {
        if (this.#settings.verbose) this.io.stderr.write(`${inert(line)}
`);
      }
      async config() {
        if (!this.#config) {
          const { readConfig: readConfig2 } = await Promise.resolve().then(() => (init_profiles(), profiles_exports));
          this.#config = readConfig2(this.env);
        }
        return this.#config;
      }
      async profile() {
        if (!this.#profile) {
          const { resolveProfile: resolveProfile2 } = await Promise.resolve().then(() => (init_profiles(), profiles_exports));
          this.#profile = resolveProfile2({ flag: this.#settings.profile, env: this.env, config: await this.config() });
        }
        return this.#profile;
      }
      /**
       * For writes at a terminal on a production profile, the words that name it (" on production,
       * profile "prod""), so that no one writes to production by accident; otherwise "".
       */
      async whereWritten() {
        const profile = await this.profile();
        return profile.environment === "production" ? ` on production (profile "${profile.name}")` : "";
      }
      /** After a write, at a terminal: "Created job_x on production (profile "prod")." */
      async announceWrite(what) {
        const where = await this.whereWritten();
        if (where && this.io.isStderrTTY) this.notice(`${what}${where}.`);
      }
      /** The profile's name if it was resolved already (for messages; never fails). */
      get profileName() {
        return this.#profile?.name;
      }
      /** Where the profile's key came from, if it was resolved already (hints name the real source). */
      get keySource() {
        return this.#profile?.keySource;
      }
      /** The API client for the selected profile, reaching the local emulator if that is the target. */
      api() {
        return this.#client ??= this.profile().then((profile) => this.apiFor(profile));
      }
      /**
       * Lets go of the API connection: its client, and the in-process emulator if one was started for
       * it (a long-running command must not hold the emulator's data dir). api() connects again.
       */
      async releaseApi() {
        const client = this.#client;
        this.#client = void 0;
        if (!client) return;
        const release = this.#releases.get(await client);
        this.#releases.delete(await client);
        await release?.();
      }
      /** Forgets the config read so far (after this command changed it). */
      configChanged() {
        this.#config = void 0;
        this.#profile = void 0;
      }
      onCleanup(cleanup) {
        this.#cleanups.push(cleanup);
      }
      async dispose() {
        for (const cleanup of this.#cleanups.splice(0).reverse()) {
          try {
            await cleanup();
          } catch {
          }
        }
      }
      /** A client for any profile (auth status checks every one); closed when the command ends. */
      async apiFor(profile, options = {}) {
        const { connect: connect2 } = await Promise.resolve().then(() => (init_connect(), connect_exports));
        const { settings } = this;
        const connection = await connect2(profile, {
          env: this.env,
          dataDir: dataDir(this.env),
          timeoutMs: settings.timeoutMs,
          maxRetries: settings.maxRetries,
          userAgent: `hire/${VERSION} node/${process.versions.node}`,
          announce: !profile.explicit && !options.quietNotice,
          notice: (message) => this.notice(message),
          announceEmulator: (message) => {
            if (this.#emulatorAnnounced) return;
            this.#emulatorAnnounced = true;
            this.notice(message);
          },
          warn: (message) => this.warn(message),
          ...settings.verbose ? { trace: (line) => this.trace(line) } : {},
          // Whatever the connection starts is closed at the latest when the command ends.
          onStarted: (release) => this.onCleanup(release)
        });
        this.#releases.set(connection.client, connection.release);
        return connection.client;
      }
    };
  }
});

// src/commands/define.ts
function defineCommand(spec) {
  return spec;
}
function flagForField(flags, field2) {
  const path = field2.replace(/\[\d+\]$/, "");
  const found = Object.entries(flags).find(([, spec]) => spec.field === path);
  return found ? longName(found[0], found[1]) : void 0;
}
function longName(key, spec) {
  const name = spec.name ?? kebab(key);
  return spec.negate ? `--no-${name}` : `--${name}`;
}
var flag2, arg, kebab;
var init_define = __esm({
  "src/commands/define.ts"() {
    "use strict";
    flag2 = {
      string: (options) => ({ kind: "string", ...options }),
      /** A string read by `parse` (a duration, a list of pairs): its result type, or `message` when undefined. */
      parsed: (parse, options) => ({ kind: "string", parse, ...options }),
      enum: (choices, options) => ({ kind: "enum", choices, ...options }),
      number: (options) => ({ kind: "number", ...options }),
      /**
       * A number for a domain schema to check: what is not a number is handed on as typed. `min`,
       * `max` and `integer` describe the schema's rule (machine help, the MCP tools' schemas): the
       * schema checks them, with its own messages.
       */
      fieldNumber: (options) => ({ kind: "number", ...options }),
      boolean: (options) => ({ kind: "boolean", ...options }),
      /** Repeatable text: `--filter a=1 --filter b=2`; with `commas`, `--skill go,rust` too. */
      list: (options) => ({ kind: "list", many: true, ...options })
    };
    arg = {
      required: (help, options = {}) => ({ help, required: true, ...options }),
      optional: (help, options = {}) => ({ help, required: false, ...options }),
      enum: (choices, help, options = {}) => ({ help, required: true, choices, ...options })
    };
    kebab = (key) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  }
});

// src/commands/manifest.ts
function manifestFlag(key, spec) {
  const long = longName(key, spec);
  const takesValue = spec.kind !== "boolean";
  const choices = spec.choices;
  let help = spec.help;
  if (choices) help = help.replace("{choices}", choices.join("|").length > 60 ? choices.join(", ") : choices.join("|"));
  const entry = { key, kind: spec.kind, long, help };
  if (spec.short) entry.short = spec.short;
  if (takesValue) entry.value = spec.value ?? (spec.name ?? kebab(key)).split("-").at(-1);
  if (spec.default !== void 0) entry.default = spec.default;
  if (spec.many) entry.many = true;
  if (spec.negate) entry.negate = true;
  if (spec.hidden) entry.hidden = true;
  if (choices) entry.choices = choices;
  if (spec.complete) entry.complete = spec.complete;
  if (spec.required !== void 0) entry.required = true;
  for (const bound2 of ["min", "above", "max"]) if (spec[bound2] !== void 0) entry[bound2] = spec[bound2];
  if (spec.integer) entry.integer = true;
  if (spec.example !== void 0) entry.example = spec.example;
  return entry;
}
function manifestArg(key, spec) {
  const entry = { key, help: spec.help, required: spec.required };
  if (spec.variadic) entry.variadic = true;
  if (spec.choices) entry.choices = spec.choices;
  if (spec.complete) entry.complete = spec.complete;
  return entry;
}
function manifestOf(spec, index) {
  return {
    path: spec.path,
    summary: spec.summary,
    args: Object.entries(spec.args ?? {}).map(([key, arg2]) => manifestArg(key, arg2)),
    flags: Object.entries(spec.flags ?? {}).flatMap(([key, flag3]) => {
      const entry = manifestFlag(key, flag3);
      if (!flag3.negate || flag3.positive === void 0) return [entry];
      const { negate: _negate, ...positive } = entry;
      return [{ ...positive, long: entry.long.replace(/^--no-/, "--"), help: flag3.positive }, entry];
    }),
    examples: spec.examples,
    effect: spec.effect,
    index
  };
}
function examplesText(examples) {
  return `
Examples:
${examples.map((line) => `  $ ${line}`).join("\n")}
`;
}
function commandTree(root, nouns, manifest2) {
  const top = { name: "hire", path: [], summary: root.summary, examples: [], flags: root.flags, args: [], children: [] };
  const node = (path) => {
    let parent = top;
    for (let depth = 0; depth < path.length; depth += 1) {
      let child = parent.children.find((candidate) => candidate.name === path[depth]);
      if (!child) {
        const noun = nouns.find((candidate) => candidate.path.join(" ") === path.slice(0, depth + 1).join(" "));
        if (!noun && depth < path.length - 1) throw new Error(`No noun declared for ${path.slice(0, depth + 1).join(" ")}`);
        child = { name: path[depth], path: path.slice(0, depth + 1), summary: noun?.summary ?? "", examples: noun?.examples ?? [], flags: [], args: [], children: [] };
        parent.children.push(child);
      }
      parent = child;
    }
    return parent;
  };
  for (const [heading, names] of root.groups) {
    for (const name of names) {
      const isNoun = nouns.some((noun) => noun.path.length === 1 && noun.path[0] === name);
      const isCommand = manifest2.commands.some((command) => command.path.length === 1 && command.path[0] === name);
      if (!isNoun && !isCommand) throw new Error(`Help group ${heading} names ${name}, which is no command`);
      node([name]).group = heading;
    }
  }
  for (const command of manifest2.commands) {
    const leaf = node(command.path);
    Object.assign(leaf, { summary: command.summary, examples: command.examples, flags: command.flags, args: command.args, command });
  }
  return top;
}
var init_manifest = __esm({
  "src/commands/manifest.ts"() {
    "use strict";
    init_define();
  }
});

// src/output/formats.ts
var OUTPUT_FORMATS;
var init_formats = __esm({
  "src/output/formats.ts"() {
    "use strict";
    OUTPUT_FORMATS = ["table", "json", "ndjson", "csv"];
  }
});

// src/commands/global-flags.ts
var GLOBAL_FLAGS;
var init_global_flags = __esm({
  "src/commands/global-flags.ts"() {
    "use strict";
    init_formats();
    init_settings();
    init_define();
    GLOBAL_FLAGS = {
      profile: flag2.string({ short: "-p", value: "name", help: 'profile to use (default: the saved default, else "local")', complete: "profiles" }),
      json: flag2.boolean({ help: "print the result as JSON (the API response's data)" }),
      output: flag2.enum(OUTPUT_FORMATS, { short: "-o", value: "format", help: "output format" }),
      fields: flag2.string({ value: "list", help: "fields to show, in order (comma-separated); also sent to the API" }),
      csvRaw: flag2.boolean({
        help: "with -o csv, write cells as they are, for data that must stay exact (by default, cells starting with = + - @, TAB or CR get a leading ' against formula injection)"
      }),
      color: flag2.boolean({ negate: true, help: "no colour in output" }),
      quiet: flag2.boolean({ short: "-q", help: "print only results and errors" }),
      verbose: flag2.boolean({ short: "-v", help: "trace requests and responses on stderr (the key is redacted)" }),
      timeout: flag2.number({
        value: "seconds",
        help: "request timeout in seconds",
        default: "30",
        above: 0,
        max: MAX_TIMEOUT_SECONDS,
        message: `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, one day (got "{value}").`
      }),
      // Each retry waits up to 8 s (a 429 up to 60 s): 100 already span minutes to over an hour.
      maxRetries: flag2.number({ value: "n", help: "retries for rate limits and transient failures", default: "3", integer: true, min: 0, max: 100 }),
      yes: flag2.boolean({ short: "-y", help: "answer yes to confirmations" }),
      input: flag2.boolean({ negate: true, help: "never prompt" })
    };
  }
});

// src/api/errors.ts
function unexpectedShape(operation, expected, requestId) {
  return new ApiError({
    status: 200,
    code: "invalid_response",
    message: `The server's answer to ${operation} does not have ${expected} in \`data\`.`,
    ...requestId ? { requestId } : {}
  });
}
var init_errors2 = __esm({
  "src/api/errors.ts"() {
    "use strict";
    init_errors();
  }
});

// src/api/reconcile.ts
var reconcile_exports = {};
__export(reconcile_exports, {
  holdsChange: () => holdsChange,
  reconcileDelete: () => reconcileDelete,
  reconcilePatch: () => reconcilePatch,
  unknownOutcome: () => unknownOutcome
});
function unknownOutcome(error) {
  if (error instanceof NetworkError) {
    if (error.code === "connection_refused" || error.code === "tls_certificate") return void 0;
    return error.code === "timeout" ? "The request timed out" : "The answer was lost";
  }
  if (error instanceof ApiError) {
    if (error.status >= 500) return `The server answered HTTP ${error.status}`;
    if (error.code === "invalid_response" && error.status >= 200 && error.status < 300) return "The answer was unreadable";
  }
  return void 0;
}
function holdsChange(record4, sent) {
  if (sent === null) return record4 === null || record4 === void 0;
  if (Array.isArray(sent)) {
    return Array.isArray(record4) && record4.length === sent.length && sent.every((item, index) => holdsChange(record4[index], item));
  }
  if (typeof sent === "object") {
    if (record4 === null || typeof record4 !== "object" || Array.isArray(record4)) return false;
    const fields = record4;
    return Object.entries(sent).every(([field2, value]) => value === void 0 || holdsChange(fields[field2], value));
  }
  return record4 === sent;
}
function idOf(path) {
  const last = path.split("/").at(-1) ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
function readFailure(error) {
  return error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
}
function withFinding(error, finding) {
  const hint = (previous) => previous ? `${finding} ${previous}` : finding;
  if (error instanceof ApiError) {
    return new ApiError({
      status: error.status,
      code: error.code,
      message: error.message,
      ...error.details ? { details: error.details } : {},
      ...error.requestId ? { requestId: error.requestId } : {},
      body: error.body,
      hint: hint(error.hint),
      ...error.retryAfterSeconds !== void 0 ? { retryAfterSeconds: error.retryAfterSeconds } : {}
    });
  }
  if (error instanceof NetworkError) return new NetworkError(error.message, { code: error.code, hint: hint(error.hint), cause: error.cause });
  return error;
}
async function reconcilePatch(client, path, body, error, options = {}) {
  const cause = unknownOutcome(error);
  if (cause === void 0) throw error;
  const id = idOf(path);
  let record4;
  try {
    const { data } = await client.request("GET", path);
    const parsed = RecordSchema.safeParse(data);
    if (!parsed.success) throw new Error("the answer has no record in `data`");
    record4 = parsed.data;
  } catch (readError) {
    if (readError instanceof InterruptedError) throw readError;
    throw withFinding(error, `${cause}; ${id} could not be read back (${readFailure(readError)}), so whether the change was made is not known.`);
  }
  if (holdsChange(record4, body)) {
    options.onReadBack?.(`${cause}; read back ${id}: the change is there.`);
    return record4;
  }
  throw withFinding(
    error,
    timedOut(cause) ? `${cause}; read back ${id}: the change is not there yet, but the server may still make it.` : `${cause}; read back ${id}: the change is not there.`
  );
}
async function reconcileDelete(client, path, error, options = {}) {
  const cause = unknownOutcome(error);
  if (cause === void 0) throw error;
  const id = idOf(path);
  try {
    await client.request("GET", path);
  } catch (readError) {
    if (readError instanceof InterruptedError) throw readError;
    if (readError instanceof ApiError && readError.status === 404 && readError.code !== "invalid_response") {
      options.onReadBack?.(`${cause}; read back ${id}: it is gone, so the change is there.`);
      return;
    }
    throw withFinding(error, `${cause}; ${id} could not be read back (${readFailure(readError)}), so whether it was deleted is not known.`);
  }
  throw withFinding(error, timedOut(cause) ? `${cause}; read back ${id}: it is still there, but the server may yet delete it.` : `${cause}; read back ${id}: it is still there.`);
}
var timedOut;
var init_reconcile = __esm({
  "src/api/reconcile.ts"() {
    "use strict";
    init_envelope();
    init_errors();
    timedOut = (cause) => cause === "The request timed out";
  }
});

// src/api/records.ts
function recordPath2(collection, id) {
  if (id === "" || id === "." || id === "..") throw new UsageError(`"${id}" is not an id.`);
  return `${collection}/${encodeURIComponent(id)}`;
}
function asRecord(operation, data, meta) {
  const record4 = RecordSchema.safeParse(data);
  if (!record4.success) throw unexpectedShape(operation, "an object", meta.request_id);
  return record4.data;
}
async function getRecord(client, path) {
  const { data, meta } = await client.request("GET", path);
  return asRecord(`GET ${path}`, data, meta);
}
async function postRecord(client, path, body, idempotencyKey) {
  const { data, meta, headers, unanswered } = await client.request("POST", path, { body, ...idempotencyKey ? { idempotencyKey } : {} });
  return { record: asRecord(`POST ${path}`, data, meta), meta, headers, unanswered: unanswered ?? 0 };
}
async function patchRecord(client, path, body, options = {}) {
  let answer;
  try {
    answer = await client.request("PATCH", path, { body });
  } catch (error) {
    const { reconcilePatch: reconcilePatch2 } = await Promise.resolve().then(() => (init_reconcile(), reconcile_exports));
    return reconcilePatch2(client, path, body, error, options);
  }
  return asRecord(`PATCH ${path}`, answer.data, answer.meta);
}
async function deleteRecord(client, path, options = {}) {
  try {
    await client.request("DELETE", path);
  } catch (error) {
    const { reconcileDelete: reconcileDelete2 } = await Promise.resolve().then(() => (init_reconcile(), reconcile_exports));
    await reconcileDelete2(client, path, error, options);
  }
}
var init_records = __esm({
  "src/api/records.ts"() {
    "use strict";
    init_envelope();
    init_errors();
    init_errors2();
  }
});

// src/api/jobs.ts
async function createJob2(client, input2, idempotencyKey) {
  const { record: record4, meta, headers, unanswered } = await postRecord(client, "/jobs", input2, idempotencyKey);
  const time2 = meta.assessment_generation_time;
  return {
    job: record4,
    generationMs: typeof time2 === "number" ? time2 : void 0,
    requestId: meta.request_id,
    replayed: headers["idempotent-replayed"] === "true" && unanswered === 0
  };
}
var JOBS_PATH, getJob, updateJob, setJobStatus, deleteJob, probeWithKey;
var init_jobs2 = __esm({
  "src/api/jobs.ts"() {
    "use strict";
    init_records();
    JOBS_PATH = "/jobs";
    getJob = (client, id) => getRecord(client, recordPath2(JOBS_PATH, id));
    updateJob = (client, id, patch, options) => patchRecord(client, recordPath2(JOBS_PATH, id), patch, options);
    setJobStatus = (client, id, status, options) => patchRecord(client, recordPath2(JOBS_PATH, id), { status }, options);
    deleteJob = (client, id, options) => deleteRecord(client, recordPath2(JOBS_PATH, id), options);
    probeWithKey = (client) => client.send("GET", JOBS_PATH, { query: { per_page: 1 } });
  }
});

// src/output/time.ts
function relativeTime(text4, now) {
  const iso = ISO_TIMESTAMP.exec(text4);
  const at = iso ? Date.parse(text4) : Number.NaN;
  if (Number.isNaN(at)) return text4;
  const day = /* @__PURE__ */ new Date(0);
  day.setUTCFullYear(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  if (day.getUTCMonth() !== Number(iso[2]) - 1 || day.getUTCDate() !== Number(iso[3])) return text4;
  const ago = now - at;
  const span = Math.abs(ago);
  if (span >= RELATIVE_LIMIT) {
    const date = new Date(at);
    const day2 = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
    return date.getFullYear() === new Date(now).getFullYear() ? day2 : `${day2} ${date.getFullYear()}`;
  }
  const say = (count3, unit, plural2 = `${unit}s`) => {
    const amount2 = `${count3} ${count3 === 1 ? unit : plural2}`;
    return ago >= 0 ? `${amount2} ago` : `in ${amount2}`;
  };
  if (span < MINUTE) return ago >= 0 ? "just now" : "in <1 min";
  if (span < HOUR2) return say(Math.floor(span / MINUTE), "min", "min");
  if (span < DAY2) return say(Math.floor(span / HOUR2), "hour");
  const days = Math.floor(span / DAY2);
  if (days === 1) return ago >= 0 ? "yesterday" : "tomorrow";
  return say(days, "day");
}
var MINUTE, HOUR2, DAY2, RELATIVE_LIMIT, ISO_TIMESTAMP, MONTHS;
var init_time = __esm({
  "src/output/time.ts"() {
    "use strict";
    MINUTE = 6e4;
    HOUR2 = 60 * MINUTE;
    DAY2 = 24 * HOUR2;
    RELATIVE_LIMIT = 28 * DAY2;
    ISO_TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;
    MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  }
});

// src/output/render.ts
var render_exports = {};
__export(render_exports, {
  MAX_DRAWN_ROWS: () => MAX_DRAWN_ROWS,
  columnsFor: () => columnsFor,
  csvRow: () => csvRow,
  fieldValue: () => fieldValue,
  printList: () => printList,
  printPages: () => printPages,
  printRecord: () => printRecord,
  wrap: () => wrap
});
function columnsFor(out, defaults) {
  const fields = out.fields;
  if (!fields) return [...defaults];
  return fields.map((key) => defaults.find((column) => column.key === key) ?? { key });
}
function fieldValue(record4, path) {
  if (Object.hasOwn(record4, path)) return record4[path];
  let value = record4;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, part)) return void 0;
    value = value[part];
  }
  return value;
}
function project(record4, fields) {
  if (!fields) return record4;
  const projected = {};
  for (const field2 of fields) {
    const value = fieldValue(record4, field2);
    if (value === void 0) continue;
    const parts = Object.hasOwn(record4, field2) ? [field2] : field2.split(".");
    let into = projected;
    for (const part of parts.slice(0, -1)) {
      if (!Object.hasOwn(into, part) || typeof into[part] !== "object" || into[part] === null) {
        Object.defineProperty(into, part, { value: {}, enumerable: true, writable: true, configurable: true });
      }
      into = into[part];
    }
    Object.defineProperty(into, parts.at(-1), { value, enumerable: true, writable: true, configurable: true });
  }
  return projected;
}
function valueOf(column, record4) {
  return column.value ? column.value(record4) : fieldValue(record4, column.key);
}
function cell(column, record4) {
  const value = valueOf(column, record4);
  return column.format && value !== void 0 && value !== null ? column.format(value, record4) : cellText(value);
}
async function printList(out, items2, defaults) {
  return printPages(out, single(items2), defaults);
}
async function* single(items2) {
  yield items2;
}
function write(out, text4) {
  if (text4 === "" || out.write(text4)) return;
  return new Promise((resolve2) => out.once("drain", resolve2));
}
function writeThrough(out, text4) {
  if (text4 === "") return;
  return new Promise((resolve2, reject) => out.write(text4, (error) => error ? reject(error) : resolve2()));
}
async function printPages(out, pages2, defaults, hooks = {}) {
  const stdout = out.stdout;
  const fields = out.fields;
  const format = out.format;
  const csvRaw = out.csvRaw;
  const columns = columnsFor(out, defaults);
  const held = [];
  const { afterPage } = hooks;
  const emit = afterPage ? writeThrough : write;
  let count3 = 0;
  for await (const items2 of pages2) {
    if (format === "ndjson") {
      await emit(stdout, items2.map((item) => `${inertJson(project(item, fields))}
`).join(""));
    } else if (format === "csv") {
      const header2 = count3 === 0 && items2.length > 0 && hooks.header !== false ? `${csvRow(columns.map((column) => column.key))}\r
` : "";
      await emit(stdout, header2 + items2.map((item) => `${csvRow(columns.map((column) => csvValue(valueOf(column, item), csvRaw)))}\r
`).join(""));
    } else if (format === "table" && !out.isStdoutTTY) {
      const paint = await pipedPainter(out, columns);
      await emit(stdout, items2.map((item) => `${columns.map((column) => pipedCell(paint, column, cell(column, item))).join("	")}
`).join(""));
    } else {
      for (const item of items2) held.push(item);
    }
    count3 += items2.length;
    await afterPage?.(items2);
  }
  if (format === "json") stdout.write(`${inertJson(held.map((item) => project(item, fields)), 2)}
`);
  else if (format === "table" && out.isStdoutTTY && held.length > MAX_DRAWN_ROWS) {
    const paint = await pipedPainter(out, columns);
    for (let start = 0; start < held.length; start += 1e3) {
      const page = held.slice(start, start + 1e3);
      await write(stdout, page.map((item) => `${columns.map((column) => pipedCell(paint, column, cell(column, item))).join("	")}
`).join(""));
    }
    if (!out.quiet && out.isStderrTTY) out.stderr.write(`${held.length.toLocaleString("en-US")} rows are more than a drawn table holds: printed as plain rows; -o csv or --json suits an export.
`);
  } else if (format === "table" && out.isStdoutTTY && held.length > 0) {
    const now = out.now?.() ?? Date.now();
    const rows = held.map(
      (item) => columns.map((column) => {
        const text4 = cell(column, item);
        const shown = column.time ? relativeTime(text4, now) : text4;
        return column.brief?.(shown) ?? shown;
      })
    );
    await drawTable(out, columns, rows);
  }
  return count3;
}
async function pipedPainter(out, columns) {
  return columns.some((column) => column.status) ? out.painter("stdout") : void 0;
}
function pipedCell(paint, column, text4) {
  return paint && column.status ? paint.status(text4) : text4;
}
async function printRecord(out, record4, defaults, extra = []) {
  const stdout = out.stdout;
  const fields = out.fields;
  switch (out.format) {
    case "json":
      stdout.write(`${inertJson(project(record4, fields), 2)}
`);
      return;
    case "ndjson":
      stdout.write(`${inertJson(project(record4, fields))}
`);
      return;
    case "csv": {
      const columns = columnsFor(out, defaults);
      stdout.write(`${csvRow(columns.map((column) => column.key))}\r
`);
      stdout.write(`${csvRow(columns.map((column) => csvValue(valueOf(column, record4), out.csvRaw)))}\r
`);
      return;
    }
    case "table": {
      const columns = columnsFor(out, defaults).filter((column) => fields || record4[column.key] !== void 0);
      const pairs = columns.map((column) => [column.key, cell(column, record4), column]);
      if (!fields) for (const [key, value] of extra) pairs.push([key, value, void 0]);
      if (!out.isStdoutTTY) {
        const paint = await pipedPainter(out, columns);
        for (const [key, value, column] of pairs) stdout.write(`${key}	${column ? pipedCell(paint, column, value) : value}
`);
        return;
      }
      await drawKeyValue(out, pairs);
    }
  }
}
function needs(column, rows, index) {
  const cells = rows.map((row) => row[index]);
  const head = header(column);
  const widest2 = widest(cells);
  const natural = Math.max(displayWidth(head), widest2);
  const shortHead = Math.min(displayWidth(head), column.short ? displayWidth(column.short) : Infinity);
  const whole = column.keepWhole === true;
  const firm = column.status === true || column.time === true;
  let least = 0;
  if (column.url) for (const text4 of cells) least = Math.max(least, Math.min(displayWidth(text4), displayWidth(urlAuthority(text4) ?? "") + 2));
  const content = Math.max(widest2, shortHead);
  return { natural, content, whole, firm, least, want: column.want ?? 8, header: shortHead, ...column.drop !== void 0 ? { drop: column.drop } : {} };
}
function fitCell(column, text4, width, wrapAll) {
  if (displayWidth(text4) <= width) return [text4];
  if (wrapAll || column.keepWhole) return hardWrap(text4, width);
  if (column.url) return [fitUrl(text4, width)];
  return wrapWords(text4, width, column.lines ?? 1);
}
function headerIn(column, width) {
  const head = header(column);
  if (displayWidth(head) <= width) return head;
  if (column.short && displayWidth(column.short) <= width) return column.short;
  return truncate(column.short ?? head, width);
}
async function drawTable(out, columns, rows) {
  const [{ default: Table }, paint] = await Promise.all([import("cli-table3"), out.painter("stdout")]);
  const width = terminalWidth(out);
  const { shown, widths, wrapAll } = layoutColumns(
    columns.map((column, index) => {
      const { drop, ...measured } = needs(column, rows, index);
      return out.fields || drop === void 0 ? measured : { ...measured, drop };
    }),
    width
  );
  const table2 = new Table({
    head: shown.map((index, position) => paint.bold(headerIn(columns[index], widths[position]))),
    colWidths: widths.map((width2) => width2 + 2),
    style: { head: [], border: [], compact: true },
    chars: { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" }
  });
  for (const row of rows) {
    table2.push(shown.map((index, position) => {
      const column = columns[index];
      const lines = fitCell(column, row[index], widths[position], wrapAll);
      return lines.map((line) => column.status ? paint.status(line) : line).join("\n");
    }));
  }
  out.stdout.write(`${table2.toString()}
`);
  const hidden = columns.filter((_, index) => !shown.includes(index)).map(header);
  if (hidden.length > 0 && !out.quiet && out.isStderrTTY) {
    const note = `Hidden at this width: ${hidden.join(", ")}; --fields or --json shows them.`;
    const dim = (await out.painter("stderr")).dim;
    out.stderr.write(wrapWords(note, width).map((line) => `${dim(line)}
`).join(""));
  }
}
async function drawKeyValue(out, pairs) {
  const [{ default: Table }, paint] = await Promise.all([import("cli-table3"), out.painter("stdout")]);
  const room = Math.max(2, terminalWidth(out) - 7);
  const naturalKey = widest(pairs.map(([key]) => key));
  const keyWidth = Math.min(naturalKey, Math.max(1, Math.floor(room / 2)));
  const valueWidth = Math.max(1, room - keyWidth);
  const table2 = new Table({ colWidths: [keyWidth + 2, valueWidth + 2], style: { head: [], border: [], compact: true } });
  for (const [key, value, column] of pairs) {
    const lines = (column?.keepWhole ? wrap(value, valueWidth) : wrapWords(value, valueWidth)).map((line) => column?.status ? paint.status(line) : line);
    table2.push([wrap(key, keyWidth).map((line) => paint.dim(line)).join("\n"), lines.join("\n")]);
  }
  out.stdout.write(`${table2.toString()}
`);
}
function wrap(text4, width) {
  return hardWrap(text4, width);
}
function terminalWidth(out) {
  return out.columns && out.columns > 0 ? out.columns : 80;
}
function header(column) {
  return column.header ?? column.key.toUpperCase();
}
function csvValue(value, raw = false) {
  if (value === void 0 || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  const text4 = String(value);
  return typeof value === "string" && !raw && /^[=+\-@\t\r]/.test(text4) ? `'${text4}` : text4;
}
function csvRow(fields) {
  return fields.map((field2) => /[",\r\n]/.test(field2) ? `"${field2.replace(/"/g, '""')}"` : field2).join(",");
}
var MAX_DRAWN_ROWS;
var init_render2 = __esm({
  "src/output/render.ts"() {
    "use strict";
    init_cells();
    init_fit();
    init_time();
    MAX_DRAWN_ROWS = 1e4;
  }
});

// src/output/spinner.ts
async function withSpinner(out, text4, work) {
  const columns = out.stderr.columns;
  if (!out.isStderrTTY || out.quiet || !columns) return work();
  const { default: ora } = await import("ora");
  const spinner = ora({ text: inert(text4), stream: out.stderr, isEnabled: true, discardStdin: false }).start();
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
var init_spinner = __esm({
  "src/output/spinner.ts"() {
    "use strict";
    init_cells();
  }
});

// src/importing/csv-cells.ts
function listCell(items2) {
  const plain2 = items2.length > 0 && items2.every(
    (item) => typeof item === "string" && item !== "" && item === item.trim() && !item.includes(LIST_SEPARATOR) && !item.startsWith("[")
  );
  return plain2 ? items2.join(LIST_SEPARATOR) : JSON.stringify(items2);
}
function readListCell(text4) {
  if (text4.startsWith("[")) {
    try {
      const value = JSON.parse(text4);
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
    } catch {
    }
  }
  return text4.split(LIST_SEPARATOR).map((item) => item.trim()).filter((item) => item !== "");
}
function beforeGuard(text4) {
  return QUOTED_GUARD.test(text4) ? `'${text4}` : text4;
}
function unguard(cell2) {
  return QUOTED_GUARD.test(cell2) ? cell2.slice(1) : cell2;
}
var LIST_SEPARATOR, QUOTED_GUARD;
var init_csv_cells = __esm({
  "src/importing/csv-cells.ts"() {
    "use strict";
    LIST_SEPARATOR = ";";
    QUOTED_GUARD = /^'+[=+\-@\t\r]/;
  }
});

// src/commands/jobs/columns.ts
function formatLocation(value) {
  if (value === null || typeof value !== "object") return cellText(value);
  const { type, city, state, country } = value;
  const place = [city, state, country].filter((part) => typeof part === "string" && part !== "").join(", ");
  return cellText(place ? `${String(type ?? "")} (${place})` : type);
}
function formatSalary(value) {
  if (value === null || typeof value !== "object") return cellText(value);
  const { min, max, currency, period } = value;
  const range = min !== void 0 && max !== void 0 ? `${min}\u2013${max}` : min !== void 0 ? `from ${min}` : max !== void 0 ? `up to ${max}` : "";
  return cellText([range, currency, period].filter((part) => part !== void 0 && part !== "").join(" "));
}
function valueAt(record4, path) {
  let value = record4;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return void 0;
    value = value[key];
  }
  return value;
}
function importableCell(path) {
  return (record4) => {
    const value = valueAt(record4, path);
    if (Array.isArray(value)) return beforeGuard(listCell(value));
    return typeof value === "string" ? beforeGuard(value) : value;
  };
}
var JOB_LIST_COLUMNS, JOB_DETAIL_COLUMNS, JOB_CSV_INPUT_FIELDS, JOB_CSV_COLUMNS, jobColumns;
var init_columns = __esm({
  "src/commands/jobs/columns.ts"() {
    "use strict";
    init_cells();
    init_csv_cells();
    init_vocabulary();
    JOB_LIST_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "title", lines: 2, want: 16 },
      { key: "status", status: true },
      { key: "department", lines: 2, drop: 3 },
      { key: "location", format: formatLocation, lines: 2, want: 10, drop: 1 },
      { key: "candidate_count", header: "CANDIDATES", short: "CANDS" },
      { key: "created_at", header: "CREATED", time: true, drop: 2 }
    ];
    JOB_DETAIL_COLUMNS = [
      { key: "id" },
      { key: "title" },
      { key: "status", status: true },
      { key: "department" },
      { key: "location", format: formatLocation },
      { key: "experience_level" },
      { key: "employment_type" },
      { key: "salary", format: formatSalary },
      { key: "skills" },
      { key: "requirements" },
      { key: "assessment_id" },
      { key: "application_url" },
      { key: "candidate_count" },
      { key: "created_at" },
      { key: "updated_at" }
    ];
    JOB_CSV_INPUT_FIELDS = JOB_INPUT_PATHS;
    JOB_CSV_COLUMNS = [
      { key: "id" },
      { key: "status" },
      ...JOB_CSV_INPUT_FIELDS.map((path) => ({ key: path, value: importableCell(path) })),
      { key: "assessment_id" },
      { key: "application_url" },
      { key: "candidate_count" },
      { key: "created_at" },
      { key: "updated_at" }
    ];
    jobColumns = (format, tableColumns) => format === "csv" ? JOB_CSV_COLUMNS : tableColumns;
  }
});

// src/commands/fields.ts
function fieldsFromOptions(flags, options) {
  const input2 = {};
  const fromFlags = /* @__PURE__ */ new Set();
  for (const [key, spec] of Object.entries(flags)) {
    const value = options[key];
    if (value === void 0 || spec.field === void 0) continue;
    setPath(input2, spec.field, value);
    fromFlags.add(spec.field);
  }
  return { input: input2, fromFlags };
}
var init_fields = __esm({
  "src/commands/fields.ts"() {
    "use strict";
    init_merge();
  }
});

// src/commands/jobs/job-flags.ts
function jobFlagForField(field2) {
  return flagForField(ALL, field2) ?? (field2 === "location" ? "--location-type" : void 0);
}
var QUESTION_COUNT_RANGE, TIME_LIMIT_RANGE, FIELDS, JOB_UPDATE_FLAGS, JOB_INPUT_FLAGS, ALL, jobInputFromFlags;
var init_job_flags = __esm({
  "src/commands/jobs/job-flags.ts"() {
    "use strict";
    init_vocabulary();
    init_job();
    init_define();
    init_fields();
    QUESTION_COUNT_RANGE = { min: QUESTION_COUNT.min, max: QUESTION_COUNT.max, integer: true };
    TIME_LIMIT_RANGE = { min: TIME_LIMIT_SECONDS.min, max: TIME_LIMIT_SECONDS.max, integer: true };
    FIELDS = {
      title: flag2.string({ value: "text", help: "job title (required)", field: "title" }),
      department: flag2.string({ value: "name", help: "department", field: "department" }),
      description: flag2.string({ value: "markdown", help: "description, Markdown, at least 100 characters (required)", field: "description" }),
      descriptionFile: flag2.string({ value: "file", help: "read the description from FILE (- for stdin)" }),
      locationType: flag2.enum(LOCATION_TYPES, { value: "type", help: "{choices}", field: "location.type" }),
      city: flag2.string({ help: "city (required for onsite and hybrid)", field: "location.city" }),
      state: flag2.string({ help: "state or province (required for onsite and hybrid)", field: "location.state" }),
      country: flag2.string({ value: "code", help: "ISO 3166-1 alpha-2 country code, such as US", field: "location.country" }),
      requirement: flag2.list({ value: "text", help: "a requirement (repeatable)", field: "requirements" }),
      skill: flag2.list({ help: "a required skill (repeatable, or comma-separated)", commas: true, field: "skills" }),
      experienceLevel: flag2.enum(EXPERIENCE_LEVELS, { help: "{choices}", field: "experience_level" }),
      employmentType: flag2.enum(EMPLOYMENT_TYPES, { help: "{choices}", field: "employment_type" }),
      salaryMin: flag2.fieldNumber({ value: "amount", help: "minimum salary", field: "salary.min" }),
      salaryMax: flag2.fieldNumber({ value: "amount", help: "maximum salary", field: "salary.max" }),
      salaryCurrency: flag2.string({ value: "code", help: "ISO 4217 currency code, such as USD", field: "salary.currency" }),
      salaryPeriod: flag2.enum(SALARY_PERIODS, { help: "{choices}", field: "salary.period" }),
      autoGenerate: flag2.boolean({ negate: true, help: "do not generate assessment questions", field: "assessment_config.auto_generate" }),
      questionCount: flag2.fieldNumber({
        value: "n",
        help: `assessment questions, ${QUESTION_COUNT.min}-${QUESTION_COUNT.max} (default ${QUESTION_COUNT.default})`,
        field: "assessment_config.question_count",
        ...QUESTION_COUNT_RANGE
      }),
      timeLimit: flag2.fieldNumber({
        value: "seconds",
        help: `assessment time limit, ${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max} s (default ${TIME_LIMIT_SECONDS.default})`,
        field: "assessment_config.time_limit",
        ...TIME_LIMIT_RANGE
      }),
      questionType: flag2.enum(QUESTION_TYPES, { value: "type", help: "{choices} (repeatable, or comma-separated)", many: true, field: "assessment_config.question_types" }),
      proctoring: flag2.boolean({ help: "enable anti-cheating proctoring", field: "assessment_config.proctoring" })
    };
    JOB_UPDATE_FLAGS = {
      ...FIELDS,
      title: flag2.string({ value: "text", help: "new job title", field: "title" }),
      description: flag2.string({ value: "markdown", help: "new description, Markdown, at least 100 characters", field: "description" }),
      autoGenerate: flag2.boolean({
        negate: true,
        positive: "generate assessment questions",
        help: "do not generate assessment questions",
        field: "assessment_config.auto_generate"
      }),
      questionCount: flag2.fieldNumber({ value: "n", help: `assessment questions, ${QUESTION_COUNT.min}-${QUESTION_COUNT.max}`, field: "assessment_config.question_count", ...QUESTION_COUNT_RANGE }),
      timeLimit: flag2.fieldNumber({
        value: "seconds",
        help: `assessment time limit, ${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max} s`,
        field: "assessment_config.time_limit",
        ...TIME_LIMIT_RANGE
      }),
      proctoring: flag2.boolean({ negate: true, positive: "turn anti-cheating proctoring on", help: "turn anti-cheating proctoring off", field: "assessment_config.proctoring" }),
      clear: flag2.enum(CLEARABLE_JOB_FIELDS, {
        value: "fields",
        many: true,
        help: "remove optional fields (repeatable, or comma-separated)",
        message: "--clear takes optional fields: {value} cannot be cleared (it takes " + CLEARABLE_JOB_FIELDS.join(", ") + ")."
      })
    };
    JOB_INPUT_FLAGS = { ...FIELDS, publish: flag2.boolean({ help: "publish at once (status active)", field: "publish" }) };
    ALL = JOB_INPUT_FLAGS;
    jobInputFromFlags = (options) => fieldsFromOptions(ALL, options);
  }
});

// src/commands/shared/prompt.ts
function promptIO(ctx) {
  return { input: ctx.io.stdin, output: ctx.io.stderr };
}
async function ask(prompt) {
  try {
    return await prompt();
  } catch (error) {
    const name = error.name;
    if (name === "ExitPromptError" || name === "AbortPromptError" || name === "CancelPromptError") throw new InterruptedError("Cancelled.");
    throw error;
  }
}
var init_prompt = __esm({
  "src/commands/shared/prompt.ts"() {
    "use strict";
    init_errors();
  }
});

// src/commands/shared/confirm.ts
async function confirmOrRefuse(ctx, question, refusal2) {
  if (ctx.settings.yes) return true;
  if (!ctx.canPrompt) {
    throw new UsageError(`${refusal2} without confirmation: pass --yes.`, { code: "confirmation_required", hint: `No question asked: ${noPromptReason(ctx)}.` });
  }
  const { confirm: confirm2 } = await import("@inquirer/prompts");
  return ask(() => confirm2({ message: question, default: false }, promptIO(ctx)));
}
async function confirmProductionWrite(ctx, what) {
  if (ctx.settings.yes || !ctx.canPrompt) return true;
  const where = await ctx.whereWritten();
  if (!where) return true;
  const { confirm: confirm2 } = await import("@inquirer/prompts");
  const go = await ask(() => confirm2({ message: `${what}${where}?`, default: false }, promptIO(ctx)));
  if (!go) ctx.notice("Nothing was sent.");
  return go;
}
function noPromptReason(ctx) {
  if (!ctx.settings.input) return "--no-input";
  if (ctx.env.CI) return "CI is set";
  return ctx.io.isStdinTTY ? "stderr is not a terminal" : "not at a terminal";
}
var init_confirm = __esm({
  "src/commands/shared/confirm.ts"() {
    "use strict";
    init_errors();
    init_prompt();
  }
});

// src/commands/shared/input.ts
import { open } from "node:fs/promises";
async function readTextInput(ctx, flag3, path, limit = { maxBytes: MAX_JOB_FILE_BYTES, hint: "That is larger than any request body the API takes." }) {
  const name = inputName(path);
  const tooLarge = () => new UsageError(`${flag3} ${name}: larger than ${formatBytes(limit.maxBytes)}, the most hire reads from it.`, limit.hint ? { hint: limit.hint } : {});
  const bytes = path === "-" ? await readStream(ctx.io.stdin, limit.maxBytes) : await readFileUpTo(flag3, path, limit.maxBytes, tooLarge);
  if (bytes.length > limit.maxBytes) throw tooLarge();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${flag3} ${name}: not valid UTF-8 (an invalid byte sequence at byte offset ${invalidUtf8Offset(bytes)}, counting from 0).`, {
      hint: "Save the file as UTF-8."
    });
  }
}
async function readStream(stream, maxBytes) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = (typeof chunk === "string" ? Buffer.from(chunk) : chunk).subarray(0, maxBytes + 1 - size);
    chunks.push(bytes);
    size += bytes.length;
    if (size > maxBytes) break;
  }
  return Buffer.concat(chunks, size);
}
async function readFileUpTo(flag3, path, maxBytes, tooLarge) {
  let file;
  try {
    file = await open(path, "r");
    const stat = await file.stat();
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge();
    const chunks = [];
    const scratch = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1));
    let size = 0;
    while (size <= maxBytes) {
      const { bytesRead } = await file.read(scratch, 0, Math.min(scratch.length, maxBytes + 1 - size), null);
      if (bytesRead === 0) break;
      chunks.push(Buffer.from(scratch.subarray(0, bytesRead)));
      size += bytesRead;
    }
    return Buffer.concat(chunks, size);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = error.code;
    const reason2 = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : error.message;
    throw new UsageError(`${flag3} ${path}: cannot read it (${reason2}).`);
  } finally {
    await file?.close();
  }
}
function formatBytes(bytes) {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
function invalidUtf8Offset(bytes) {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at];
    if (lead < 128) {
      at += 1;
      continue;
    }
    let length;
    let low = 128;
    let high = 191;
    if (lead >= 194 && lead <= 223) length = 2;
    else if (lead >= 224 && lead <= 239) {
      length = 3;
      if (lead === 224) low = 160;
      if (lead === 237) high = 159;
    } else if (lead >= 240 && lead <= 244) {
      length = 4;
      if (lead === 240) low = 144;
      if (lead === 244) high = 143;
    } else return at;
    for (let next = 1; next < length; next += 1) {
      const byte = bytes[at + next];
      if (byte === void 0 || byte < (next === 1 ? low : 128) || byte > (next === 1 ? high : 191)) return at;
    }
    at += length;
  }
  return -1;
}
async function parseDocument(flag3, path, text4) {
  const name = inputName(path);
  if (/\.json$/i.test(path)) {
    try {
      return JSON.parse(text4);
    } catch (error) {
      throw new UsageError(`${flag3} ${name}: not valid JSON (${error.message}).`);
    }
  }
  const yaml = await import("yaml");
  const { parseDocument: parseYaml } = yaml.default ?? yaml;
  const document = parseYaml(text4, { prettyErrors: true, uniqueKeys: true });
  const problem = document.errors[0];
  if (problem) {
    const where = problem.linePos?.[0] ? ` at line ${problem.linePos[0].line}, column ${problem.linePos[0].col}` : "";
    throw new UsageError(`${flag3} ${name}: not valid YAML or JSON${where} (${problem.message.split("\n")[0]}).`);
  }
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new UsageError(`${flag3} ${name}: not valid YAML or JSON (${error.message.split("\n")[0]}).`);
  }
}
var MAX_JOB_FILE_BYTES, inputName;
var init_input = __esm({
  "src/commands/shared/input.ts"() {
    "use strict";
    init_errors();
    MAX_JOB_FILE_BYTES = 1024 * 1024;
    inputName = (path) => path === "-" ? "stdin" : path;
  }
});

// src/commands/jobs/job-input.ts
async function gatherJobFields(ctx, options) {
  if (options.description !== void 0 && options.descriptionFile !== void 0) {
    throw new UsageError("Pass --description or --description-file, not both.");
  }
  if (options.fromFile === "-" && options.descriptionFile === "-") {
    throw new UsageError("--from-file and --description-file cannot both read stdin.");
  }
  let base = {};
  if (options.fromFile !== void 0) {
    const text4 = await readTextInput(ctx, "--from-file", options.fromFile);
    const document = await parseDocument("--from-file", options.fromFile, text4);
    if (!isPlainObject(document)) {
      throw new UsageError(`--from-file ${inputName(options.fromFile)}: must hold one job, as a JSON or YAML object.`);
    }
    base = document;
  }
  const values = { ...options };
  if (options.descriptionFile !== void 0) {
    values.description = await readTextInput(ctx, "--description-file", options.descriptionFile);
  }
  const { input: input2, fromFlags } = jobInputFromFlags(values);
  const fields = overlay(base, input2);
  const file = options.fromFile === "-" ? "stdin" : options.fromFile;
  const labelField = (field2) => {
    const flag3 = jobFlagForField(field2);
    const setByFlag = [...fromFlags].some((path) => field2 === path || field2.startsWith(`${path}.`) || field2.startsWith(`${path}[`));
    if (flag3 && (setByFlag || file === void 0)) return `${field2} (${flag3})`;
    return file ? `${field2} (in ${file})` : field2;
  };
  return {
    fields,
    check(validate) {
      const result = validate(fields);
      if (result.ok) return result.value;
      throw invalidJob(result.errors, labelField, noPromptReason(ctx));
    }
  };
}
function invalidJob(errors, labelField, noWizard) {
  const flags = [
    errors.title === "is required" ? "--title" : void 0,
    errors.description === "is required" ? "--description (or --description-file)" : void 0
  ].filter((flag3) => flag3 !== void 0);
  return new ValidationError("The job is not valid; nothing was sent.", errors, {
    labelField,
    ...flags.length > 0 ? { hint: `Pass ${flags.join(" and ")}, or --from-file FILE.
No wizard: ${noWizard}.` } : {}
  });
}
var init_job_input = __esm({
  "src/commands/jobs/job-input.ts"() {
    "use strict";
    init_merge();
    init_errors();
    init_confirm();
    init_input();
    init_job_flags();
  }
});

// src/wizard/editor.ts
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync as readFileSync6, rmSync, writeFileSync as writeFileSync2 } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join as join6 } from "node:path";
function onPath(program, path) {
  return (path ?? "").split(delimiter).some((dir) => {
    if (dir === "") return false;
    try {
      accessSync(join6(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
function chooseEditor(env) {
  const dumb = env.TERM === "dumb";
  for (const name of dumb ? ["EDITOR"] : ["VISUAL", "EDITOR"]) {
    const command = env[name]?.trim();
    if (command) return command;
  }
  return dumb ? void 0 : FALLBACKS.find((program) => onPath(program, env.PATH));
}
async function editText(text4, options) {
  const editor = chooseEditor(options.env);
  if (editor === void 0) return { problem: "No editor found: set $VISUAL or $EDITOR (or install vi). Type the text here instead." };
  const dir = mkdtempSync(join6(options.env.TMPDIR || tmpdir(), "hire-description-"));
  const file = join6(dir, "description.md");
  const ignoreInterrupt = options.onInterrupt(() => void 0);
  try {
    writeFileSync2(file, text4 === "" ? "" : `${text4}
`, { mode: 384, flag: "wx" });
    const ended = await new Promise((resolve2) => {
      const child = spawn("/bin/sh", ["-c", `${editor} "$@"`, editor, file], { stdio: options.stdio, env: options.env });
      child.on("error", (error) => resolve2({ error }));
      child.on("exit", (code, signal) => resolve2({ code, signal }));
    });
    if ("error" in ended) return { problem: `Could not start the editor (${editor}): ${ended.error.message}. The text is unchanged.` };
    if (ended.signal === "SIGINT" || ended.code === 130) return { interrupted: true };
    if (ended.code !== 0) {
      const how = ended.signal ? `was stopped by ${ended.signal}` : ended.code === 127 ? `"${editor}" was not found (exit 127)` : `exited with ${ended.code}`;
      return { problem: `The editor ${how}; the text is unchanged.` };
    }
    return { text: readFileSync6(file, "utf8") };
  } finally {
    ignoreInterrupt();
    rmSync(dir, { recursive: true, force: true });
  }
}
var FALLBACKS;
var init_editor = __esm({
  "src/wizard/editor.ts"() {
    "use strict";
    FALLBACKS = ["vi", "nano"];
  }
});

// src/wizard/multiline.ts
import { createPrompt, isBackspaceKey, isEnterKey, makeTheme, useEffect, usePrefix, useState, useKeypress } from "@inquirer/core";
var HELP, EOF_KEY, count, tidy, multiline;
var init_multiline = __esm({
  "src/wizard/multiline.ts"() {
    "use strict";
    HELP = 'End with a line holding only "." (or Ctrl-D); "e" alone opens your editor.';
    EOF_KEY = "hire-eof";
    count = (text4) => [...text4.trim()].length;
    tidy = (text4) => text4.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
    multiline = createPrompt((config, done) => {
      const theme = makeTheme({});
      const [status, setStatus] = useState("idle");
      const [lines, setLines] = useState([]);
      const [line, setLine] = useState("");
      const [error, setError] = useState(void 0);
      const [note, setNote] = useState(void 0);
      const prefix = usePrefix({ status: status === "editing" ? "idle" : status, theme });
      useEffect((rl) => {
        const rename2 = (_text, key) => {
          if (key?.ctrl && key.name === "d") key.name = EOF_KEY;
        };
        rl.input.prependListener("keypress", rename2);
        return () => rl.input.removeListener("keypress", rename2);
      }, []);
      const finish = (text4, kept) => {
        const problem = config.validate?.(text4);
        if (problem === void 0) {
          setLines(kept);
          setStatus("done");
          done(text4);
          return true;
        }
        setError(problem);
        return false;
      };
      useKeypress(async (key, rl) => {
        if (status !== "idle") return;
        if (key.ctrl && key.name === EOF_KEY) {
          const kept = line === "" ? lines : [...lines, line];
          finish(tidy(kept.join("\n")), kept);
          return;
        }
        if (isEnterKey(key)) {
          const command = line.trim();
          if (command === ".") {
            setLine("");
            finish(tidy(lines.join("\n")), lines);
            return;
          }
          if (command === "e" && config.edit) {
            await edit(rl);
            return;
          }
          setLines([...lines, line]);
          setLine("");
          setError(void 0);
          setNote(void 0);
        } else if (isBackspaceKey(key) && line === "" && rl.line === "" && lines.length > 0) {
          const previous = lines.at(-1);
          setLines(lines.slice(0, -1));
          rl.write(previous);
          setLine(previous);
          setError(void 0);
        } else {
          setLine(rl.line);
          setError(void 0);
        }
      });
      async function edit(rl) {
        const input2 = rl.input;
        const wasRaw = input2.isRaw === true;
        rl.pause();
        const editing = config.edit(tidy(lines.join("\n")));
        input2.setRawMode?.(false);
        setStatus("editing");
        setLine("");
        setError(void 0);
        setNote(void 0);
        let outcome;
        try {
          outcome = await editing;
        } finally {
          input2.setRawMode?.(wasRaw);
          rl.resume();
        }
        if ("interrupted" in outcome) return;
        setStatus("idle");
        if ("problem" in outcome) {
          setError(outcome.problem);
          return;
        }
        const text4 = tidy(outcome.text);
        const edited = text4 === "" ? [] : text4.split("\n");
        if (!finish(text4, edited)) {
          setLines(edited);
          setNote('From your editor: type on, or "e" to edit again.');
        }
      }
      const message = theme.style.message(config.message, status === "editing" ? "idle" : status);
      if (status === "done") {
        return `${prefix} ${message} ${theme.style.answer(`${count(lines.join("\n"))} characters`)}`;
      }
      const body = [...lines.map((text4) => `  ${text4}`), ...status === "editing" ? [] : [`  ${line}`]].join("\n");
      if (status === "editing") {
        const waiting = `Waiting for your editor${config.editorName ? ` (${config.editorName})` : ""} to close the file\u2026`;
        return [`${prefix} ${message}${lines.length > 0 ? `
${body}` : ""}`, theme.style.help(waiting)];
      }
      const typed = count([...lines, line].join("\n"));
      const progress = typed >= config.min ? `${typed} characters \u2713` : `${typed}/${config.min} characters`;
      const bottom = [theme.style.help(progress), theme.style.help(HELP), note ? theme.style.help(note) : "", error ? theme.style.error(error) : ""];
      return [`${prefix} ${message}
${body}`, bottom.filter(Boolean).join("\n")];
    });
  }
});

// src/wizard/prompts.ts
var prompts_exports = {};
__export(prompts_exports, {
  terminalAsker: () => terminalAsker
});
import { checkbox, confirm, input, select } from "@inquirer/prompts";
function terminalAsker(ctx) {
  const controller = new AbortController();
  const io = promptIO(ctx);
  const onKey = (_text, key) => {
    if (key?.name === "escape") controller.abort();
  };
  ctx.io.stdin.on("keypress", onKey);
  const context = { ...io, signal: controller.signal };
  const asker = {
    text: (question) => ask(
      () => input(
        {
          message: question.message,
          ...question.default !== void 0 ? { default: question.default } : {},
          validate: (answer) => question.validate?.(answer) ?? true
        },
        context
      )
    ),
    multiline: (question) => {
      const editorName = chooseEditor(ctx.env);
      const edit = async (text4) => {
        const outcome = await editText(text4, {
          env: ctx.env,
          stdio: [fdOf(ctx.io.stdin), fdOf(ctx.io.isStdoutTTY ? ctx.io.stdout : ctx.io.stderr), fdOf(ctx.io.stderr)],
          onInterrupt: (handler) => ctx.io.onInterrupt(handler)
        });
        if ("interrupted" in outcome) controller.abort();
        return outcome;
      };
      return ask(
        () => multiline({ message: question.message, min: question.min, validate: question.validate, edit, ...editorName ? { editorName } : {} }, context)
      );
    },
    select: (question) => ask(
      () => select(
        {
          message: question.message,
          choices: question.choices.map((choice) => ({ value: choice.value, name: choice.name ?? choice.value })),
          ...question.default !== void 0 ? { default: question.default } : {}
        },
        context
      )
    ),
    confirm: (question) => ask(() => confirm({ message: question.message, default: question.default }, context)),
    checkbox: (question) => ask(
      () => checkbox(
        {
          message: question.message,
          choices: question.choices.map((choice) => ({ value: choice.value, name: choice.name ?? choice.value, checked: choice.checked ?? false })),
          validate: (answers) => question.validate?.(answers.map((answer) => answer.value)) ?? true
        },
        context
      )
    ),
    note: (text4) => ctx.io.stderr.write(inertLines(text4))
  };
  return { asker, dispose: () => ctx.io.stdin.off("keypress", onKey) };
}
var fdOf;
var init_prompts = __esm({
  "src/wizard/prompts.ts"() {
    "use strict";
    init_cells();
    init_prompt();
    init_editor();
    init_multiline();
    fdOf = (stream) => {
      const fd = stream.fd;
      return typeof fd === "number" ? fd : "inherit";
    };
  }
});

// src/wizard/summary.ts
function describeJob(input2) {
  const lines = ["", "The job to create:"];
  const row = (label2, value) => {
    if (value === void 0 || value === "" || Array.isArray(value) && value.length === 0) return;
    lines.push(`  ${label2.padEnd(18)} ${inert(Array.isArray(value) ? value.join(", ") : String(value))}`);
  };
  row("title", input2.title);
  row("department", input2.department);
  if (input2.location) {
    const { type, city, state, country } = input2.location;
    row("location", [type, [city, state, country].filter(Boolean).join(", ")].filter(Boolean).join(" \xB7 "));
  }
  const chars = [...input2.description.trim()].length;
  const firstLine = input2.description.trim().split("\n")[0] ?? "";
  row("description", `${firstLine.length > 40 ? `${firstLine.slice(0, 39)}\u2026` : firstLine} (${chars} characters)`);
  row("requirements", input2.requirements);
  row("skills", input2.skills);
  row("experience level", input2.experience_level);
  row("employment type", input2.employment_type);
  if (input2.salary) {
    const { min, max, currency, period } = input2.salary;
    row("salary", [min !== void 0 && max !== void 0 ? `${min}\u2013${max}` : min ?? max, currency, period && `per ${period.replace(/ly$/, "").replace("dai", "day")}`].filter((part) => part !== void 0 && part !== "").join(" "));
  }
  const config = input2.assessment_config;
  if (config?.auto_generate === false) row("assessment", "no AI questions");
  else if (config) {
    row("assessment", `${config.question_count} questions, ${config.time_limit} s, ${(config.question_types ?? []).join("/")}${config.proctoring ? ", proctored" : ""}`);
  }
  row("publish", input2.publish ? "yes (active at once)" : "no (a draft)");
  return `${lines.join("\n")}
`;
}
var init_summary = __esm({
  "src/wizard/summary.ts"() {
    "use strict";
    init_cells();
  }
});

// src/wizard/flow.ts
var flow_exports = {};
__export(flow_exports, {
  askForJob: () => askForJob
});
function numberOr(field2, answer) {
  if (!/salary\.(min|max)|question_count|time_limit/.test(field2)) return answer;
  const number4 = Number(answer.trim());
  return answer.trim() !== "" && Number.isFinite(number4) ? number4 : answer;
}
async function askForJob(asker, given, options = {}) {
  const job = structuredClone(given);
  job.title ??= (await asker.text({ id: "title", message: "Job title", validate: check("title") })).trim();
  if (!("department" in given)) {
    const department = await asker.text({ id: "department", message: "Department (optional)", validate: check("department", true) });
    if (department.trim() !== "") job.department = department.trim();
  }
  await askLocation(asker, job);
  job.description ??= await asker.multiline({
    id: "description",
    message: "Description (Markdown, at least 100 characters)",
    min: 100,
    validate: check("description")
  });
  job.requirements ??= await askList(asker, "requirements", "Requirement", "requirement", false);
  job.skills ??= await askList(asker, "skills", "Skill", "skill", true);
  if (job.requirements.length === 0) delete job.requirements;
  if (job.skills.length === 0) delete job.skills;
  for (const [field2, message, values] of [
    ["experience_level", "Experience level", EXPERIENCE_LEVELS],
    ["employment_type", "Employment type", EMPLOYMENT_TYPES]
  ]) {
    if (field2 in given) continue;
    const answer = await asker.select({
      id: field2,
      message,
      choices: [...values.map((value) => ({ value })), { value: SKIP, name: "skip" }],
      // Optional: Enter alone must not choose a value the user never looked at.
      default: SKIP
    });
    if (answer !== SKIP) job[field2] = answer;
  }
  await askSalary(asker, job, given);
  await askAssessment(asker, job);
  job.publish ??= await asker.confirm({ id: "publish", message: "Publish now (status active)?", default: false });
  const result = validateJobInput(job);
  if (!result.ok) {
    throw new Error(`The answers do not make a valid job: ${Object.entries(result.errors).map(([field2, message]) => `${field2} ${message}`).join("; ")}`);
  }
  asker.note(describeJob(result.value));
  let savePath = options.savePath;
  if (savePath === void 0) {
    const path = await asker.text({ id: "save", message: "Save the answers to a file, for --from-file? File name (empty to skip)" });
    if (path.trim() !== "") savePath = path.trim();
  }
  const go = await asker.confirm({ id: "confirm", message: "Create this job?", default: true });
  return go ? { input: result.value, savePath } : void 0;
}
async function askLocation(asker, job) {
  const given = isPlainObject(job.location) ? job.location : void 0;
  let type = given?.type;
  if (type === void 0) {
    const choices = [...LOCATION_TYPES.map((value) => ({ value })), ...given ? [] : [{ value: SKIP, name: "skip" }]];
    type = await asker.select({ id: "location.type", message: "Location", choices });
    if (type === SKIP) return;
  }
  const location = { ...given, type };
  if (type === "onsite" || type === "hybrid") {
    location.city ??= (await asker.text({ id: "location.city", message: "City", validate: check("location.city") })).trim();
    location.state ??= (await asker.text({ id: "location.state", message: "State or province", validate: check("location.state") })).trim();
  }
  if (location.country === void 0) {
    const country = await asker.text({
      id: "location.country",
      message: "Country, two letters such as US or DE (optional)",
      validate: check("location.country", true)
    });
    if (country.trim() !== "") location.country = country.trim();
  }
  job.location = location;
}
async function askList(asker, id, noun, field2, commas) {
  const items2 = [];
  for (; ; ) {
    const answer = await asker.text({
      id,
      message: `${noun} ${items2.length + 1}${commas ? " (or several, comma-separated)" : ""}; empty to finish`,
      validate: (text4) => text4.trim() === "" ? void 0 : jobFieldError(field2, text4.trim())
    });
    const parts = (commas ? answer.split(",") : [answer]).map((part) => part.trim()).filter((part) => part !== "");
    if (parts.length === 0) return items2;
    items2.push(...parts);
  }
}
async function askSalary(asker, job, given) {
  const salary = isPlainObject(given.salary) ? { ...given.salary } : {};
  if (!("salary" in given) && !await asker.confirm({ id: "salary", message: "Add a salary range?", default: false })) return;
  if (salary.min === void 0) {
    const min = await asker.text({ id: "salary.min", message: "Minimum (optional)", validate: check("salary.min", true) });
    if (min.trim() !== "") salary.min = Number(min);
  }
  if (salary.max === void 0) await askSalaryMax(asker, salary);
  if (salary.currency === void 0) {
    const currency = await asker.text({ id: "salary.currency", message: "Currency, such as USD (optional)", validate: check("salary.currency", true) });
    if (currency.trim() !== "") salary.currency = currency.trim();
  }
  if (salary.period === void 0) {
    const period = await asker.select({
      id: "salary.period",
      message: "Per",
      choices: [...SALARY_PERIODS.map((value) => ({ value })), { value: SKIP, name: "skip" }],
      default: SKIP
    });
    if (period !== SKIP) salary.period = period;
  }
  if (Object.keys(salary).length > 0) job.salary = salary;
}
async function askSalaryMax(asker, salary) {
  const max = await asker.text({
    id: "salary.max",
    message: "Maximum (optional)",
    validate: (answer) => {
      if (answer.trim() === "") return void 0;
      const problem = jobFieldError("salary.max", numberOr("salary.max", answer));
      if (problem) return problem;
      return salary.min !== void 0 && Number(answer) < salary.min ? `must not be less than salary.min (${String(salary.min)})` : void 0;
    }
  });
  if (max.trim() !== "") salary.max = Number(max);
}
async function askAssessment(asker, job) {
  const config = isPlainObject(job.assessment_config) ? { ...job.assessment_config } : {};
  config.auto_generate ??= await asker.confirm({ id: "assessment_config.auto_generate", message: "Generate the assessment with AI?", default: true });
  if (config.auto_generate) {
    if (config.question_count === void 0) {
      const answer = await asker.text({
        id: "assessment_config.question_count",
        message: `Questions (${QUESTION_COUNT.min}-${QUESTION_COUNT.max})`,
        default: String(QUESTION_COUNT.default),
        validate: check("assessment_config.question_count")
      });
      config.question_count = Number(answer);
    }
    if (config.time_limit === void 0) {
      const answer = await asker.text({
        id: "assessment_config.time_limit",
        message: `Time limit in seconds (${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max})`,
        default: String(TIME_LIMIT_SECONDS.default),
        validate: check("assessment_config.time_limit")
      });
      config.time_limit = Number(answer);
    }
    config.question_types ??= await asker.checkbox({
      id: "assessment_config.question_types",
      message: "Question types",
      choices: QUESTION_TYPES.map((value) => ({ value, checked: true })),
      validate: (answers) => jobFieldError("assessment_config.question_types", answers)
    });
    config.proctoring ??= await asker.confirm({ id: "assessment_config.proctoring", message: "Proctoring (anti-cheating)?", default: false });
  }
  job.assessment_config = config;
}
var SKIP, check;
var init_flow = __esm({
  "src/wizard/flow.ts"() {
    "use strict";
    init_job();
    init_merge();
    init_vocabulary();
    init_summary();
    SKIP = "skip";
    check = (field2, optional5 = false) => (answer) => optional5 && answer.trim() === "" ? void 0 : jobFieldError(field2, numberOr(field2, answer));
  }
});

// src/commands/jobs/create.ts
var create_exports = {};
__export(create_exports, {
  default: () => create_default
});
import { writeFile } from "node:fs/promises";
var create_default;
var init_create = __esm({
  "src/commands/jobs/create.ts"() {
    "use strict";
    init_jobs2();
    init_job();
    init_errors();
    init_cells();
    init_render2();
    init_spinner();
    init_define();
    init_columns();
    init_job_flags();
    init_job_input();
    init_confirm();
    create_default = defineCommand({
      path: ["jobs", "create"],
      summary: "create a job posting (POST /jobs)",
      effect: "write",
      flags: {
        fromFile: flag2.string({ value: "file", help: "read the job from a JSON or YAML file (- for stdin); flags override it" }),
        dryRun: flag2.boolean({ help: "validate and print the request body without sending it" }),
        interactive: flag2.boolean({ short: "-i", help: "ask for the job in a wizard (also what happens at a terminal when --title or --description is missing)" }),
        save: flag2.string({ value: "file", help: "save the job as JSON for --from-file, before sending it" }),
        ...JOB_INPUT_FLAGS
      },
      examples: [
        "hire jobs create    # at a terminal: the wizard asks for everything",
        'hire jobs create --title "Backend Engineer" --description-file role.md',
        "hire jobs create --from-file job.yaml --question-count 12 --json"
      ],
      async run(ctx, flags) {
        const gathered = await gatherJobFields(ctx, flags);
        const missing = gathered.fields.title === void 0 || gathered.fields.description === void 0;
        if (flags.interactive && !ctx.canPrompt) {
          throw new UsageError("--interactive needs a terminal (stdin and stderr), outside CI and without --no-input.", {
            hint: `No wizard: ${noPromptReason(ctx)}. Pass the job as flags (--title, --description or --description-file) or --from-file FILE.`
          });
        }
        let input2;
        let savePath = flags.save;
        let wizard = false;
        if (flags.interactive || missing && ctx.canPrompt) {
          gathered.check(validateJobDraft);
          const { terminalAsker: terminalAsker2 } = await Promise.resolve().then(() => (init_prompts(), prompts_exports));
          const { askForJob: askForJob2 } = await Promise.resolve().then(() => (init_flow(), flow_exports));
          const terminal = terminalAsker2(ctx);
          let result;
          try {
            result = await askForJob2(terminal.asker, gathered.fields, flags.save !== void 0 ? { savePath: flags.save } : {});
          } finally {
            terminal.dispose();
          }
          if (!result) throw new InterruptedError("Cancelled: nothing was sent.");
          input2 = result.input;
          savePath = result.savePath;
          wizard = true;
        } else {
          input2 = gathered.check(validateJobInput);
        }
        if (savePath !== void 0) {
          await writeFile(savePath, `${JSON.stringify(input2, null, 2)}
`);
          ctx.notice(`Saved the job to ${savePath}; \`hire jobs create --from-file ${savePath}\` makes it again.`);
        }
        if (flags.dryRun) {
          ctx.io.stdout.write(`${inertJson(input2, 2)}
`);
          ctx.notice("Dry run: the job is valid; nothing was sent.");
          return;
        }
        if (!await confirmProductionWrite(ctx, `Create job "${input2.title}"`)) return;
        const client = await ctx.api();
        const generating = input2.assessment_config?.auto_generate !== false;
        const { job, generationMs } = await withSpinner(ctx.output, generating ? "Generating assessment\u2026" : "Creating job\u2026", () => createJob2(client, input2));
        const extra = generationMs === void 0 ? [] : [["assessment_generation_time", `${generationMs} ms`]];
        await printRecord(ctx.output, job, JOB_DETAIL_COLUMNS, extra);
        await ctx.announceWrite(`Created job ${String(job.id)}`);
        if (wizard) {
          const id = inert(String(job.id));
          ctx.notice(
            [
              "",
              "Next steps:",
              job.status === "active" ? `  hire candidates list --job ${id}` : `  hire jobs publish ${id}`,
              `  hire webhooks add --url https://example.com/hooks --event application.received`,
              `  hire jobs get ${id}`
            ].join("\n")
          );
        }
      }
    });
  }
});

// src/importing/rows.ts
function detectFormat(path, text4) {
  if (/\.csv$/i.test(path)) return "csv";
  if (/\.(ndjson|jsonl)$/i.test(path)) return "ndjson";
  if (/\.json$/i.test(path)) return "json";
  const start = text4.trimStart();
  if (start.startsWith("[")) return "json";
  if (start.startsWith("{")) return "ndjson";
  return "csv";
}
function csvValue2(field2, cell2) {
  const text4 = cell2.trim();
  if (text4 === "") return void 0;
  const kind = Object.hasOwn(JOB_FIELD_KINDS, field2) ? JOB_FIELD_KINDS[field2] : void 0;
  if (kind === "list") return readListCell(unguard(text4));
  if (kind === "number") {
    const number4 = Number(text4);
    return Number.isFinite(number4) ? number4 : cell2;
  }
  if (kind === "boolean") {
    const lower = text4.toLowerCase();
    if (["true", "yes", "1"].includes(lower)) return true;
    if (["false", "no", "0"].includes(lower)) return false;
    return cell2;
  }
  return unguard(cell2);
}
function quoted(error) {
  return inert(error.message);
}
async function readRows(text4, format) {
  if (format === "json") return jsonRows(text4);
  if (format === "ndjson") return ndjsonRows(text4);
  return csvRows(text4);
}
function jsonRows(text4) {
  let value;
  try {
    value = JSON.parse(text4);
  } catch (error) {
    throw new Error(`not valid JSON (${quoted(error)})`);
  }
  if (!Array.isArray(value)) throw new Error("a JSON file must hold an array of jobs");
  return value.map((item, position) => {
    const index = position + 1;
    if (deeperThan(item)) return { index, line: void 0, fields: void 0, problem: TOO_DEEP, source: "{}" };
    return {
      index,
      line: void 0,
      fields: isPlainObject(item) ? item : void 0,
      ...isPlainObject(item) ? {} : { problem: "is not a JSON object", source: JSON.stringify(item) }
    };
  });
}
function ndjsonRows(text4) {
  const rows = [];
  for (const [position, line] of text4.split("\n").entries()) {
    if (line.trim() === "") continue;
    const index = rows.length + 1;
    try {
      const value = JSON.parse(line);
      rows.push(
        deeperThan(value) ? { index, line: position + 1, fields: void 0, problem: TOO_DEEP, source: line } : isPlainObject(value) ? { index, line: position + 1, fields: value } : { index, line: position + 1, fields: void 0, problem: "is not a JSON object", source: line }
      );
    } catch (error) {
      rows.push({ index, line: position + 1, fields: void 0, problem: `is not valid JSON (${quoted(error)})`, source: line });
    }
  }
  return rows;
}
async function csvRows(text4) {
  const csv = await import("csv-parse/sync");
  const { parse } = csv.default ?? csv;
  let records;
  try {
    records = parse(text4, { columns: true, bom: true, skip_empty_lines: true, info: true, raw: true, relax_quotes: false });
  } catch (error) {
    throw new Error(`not valid CSV (${quoted(error)})`);
  }
  return records.map(({ info, record: record4, raw }, position) => {
    const fields = {};
    for (const [header2, cell2] of Object.entries(record4)) {
      const field2 = header2.trim();
      const value = csvValue2(field2, cell2);
      if (value !== void 0) setPath(fields, field2, value);
    }
    const breaksInside = raw.replace(/(\r\n|\n|\r)$/, "").match(/\r\n|\n|\r/g)?.length ?? 0;
    return { index: position + 1, line: info.lines - breaksInside, fields };
  });
}
function dropServerFields(rows) {
  const dropped = /* @__PURE__ */ new Set();
  for (const row of rows) {
    if (!row.fields) continue;
    for (const field2 of SERVER_FIELDS) {
      if (!Object.hasOwn(row.fields, field2)) continue;
      delete row.fields[field2];
      dropped.add(field2);
    }
  }
  return SERVER_FIELDS.filter((field2) => dropped.has(field2));
}
var MAX_IMPORT_BYTES, IMPORT_FORMATS, TOO_DEEP, SERVER_FIELDS;
var init_rows = __esm({
  "src/importing/rows.ts"() {
    "use strict";
    init_job();
    init_merge();
    init_cells();
    init_csv_cells();
    init_nesting();
    MAX_IMPORT_BYTES = 100 * 1024 * 1024;
    IMPORT_FORMATS = ["csv", "ndjson", "json"];
    TOO_DEEP = `nests objects and arrays more than ${MAX_NESTING} levels deep`;
    SERVER_FIELDS = JOB_RECORD_FIELDS.filter((field2) => !JOB_INPUT_FIELDS.includes(field2));
  }
});

// src/output/plural.ts
function plural(count3, one, many = pluralOf(one)) {
  return `${count3} ${count3 === 1 ? one : many}`;
}
function pluralOf(noun) {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
function singularOf(noun) {
  if (/[^aeiou]ies$/.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(noun)) return noun.slice(0, -2);
  return noun.replace(/s$/, "");
}
var init_plural = __esm({
  "src/output/plural.ts"() {
    "use strict";
  }
});

// src/output/progress.ts
function progressBar(out, total, label2) {
  const stream = out.stderr;
  if (!out.isStderrTTY || out.quiet || total === 0) return SILENT;
  const started = Date.now();
  let finished = 0;
  let failed2 = 0;
  let drawnAt = 0;
  const draw = (force) => {
    const now = Date.now();
    if (!force && now - drawnAt < 100) return;
    drawnAt = now;
    const seconds = (now - started) / 1e3;
    const rate = seconds > 0 ? finished / seconds : 0;
    const eta = rate > 0 ? Math.ceil((total - finished) / rate) : void 0;
    const width = 24;
    const filled = Math.round(finished / total * width);
    const bar = `${"=".repeat(Math.max(0, filled - 1))}${filled > 0 ? ">" : ""}${" ".repeat(width - filled)}`;
    const parts = [`${inert(label2)} [${bar}] ${finished}/${total}`, `${rate.toFixed(1)}/s`, eta === void 0 ? "" : `ETA ${eta}s`, failed2 ? `${failed2} failed` : ""];
    stream.write(`\r\x1B[2K${parts.filter(Boolean).join("  ")}`);
  };
  return {
    tick(ok2) {
      finished += 1;
      if (!ok2) failed2 += 1;
      draw(finished === total);
    },
    done() {
      draw(true);
      stream.write("\n");
    }
  };
}
var SILENT;
var init_progress = __esm({
  "src/output/progress.ts"() {
    "use strict";
    init_cells();
    SILENT = { tick: () => {
    }, done: () => {
    } };
  }
});

// src/commands/shared/duration.ts
function parseDuration(text4) {
  const match = /^(\d+)\s*([smhd])$/.exec(text4.trim());
  if (!match) return void 0;
  return Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[match[2]];
}
function parseMoment(text4) {
  const seconds = parseDuration(text4);
  if (seconds !== void 0) return (now) => new Date(now - seconds * 1e3).toISOString();
  if (!ISO_TIME.test(text4.trim())) return void 0;
  const at = Date.parse(text4.trim());
  if (Number.isNaN(at)) return void 0;
  const iso = new Date(at).toISOString();
  return () => iso;
}
var ISO_TIME;
var init_duration = __esm({
  "src/commands/shared/duration.ts"() {
    "use strict";
    ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
  }
});

// src/commands/shared/bulk.ts
function paceBulk(ctx, client, options, requestsLeft) {
  const number4 = new Intl.NumberFormat("en-US");
  client.pace({
    reserve: options.reserve,
    maxWaitMs: options.maxWait === void 0 ? Infinity : options.maxWait * 1e3,
    ...requestsLeft ? { requestsLeft } : {},
    onWait(report2) {
      if (!report2) return;
      if (report2.limit === void 0 || report2.remaining === void 0) {
        ctx.notice(`rate limited (429): waiting ${formatWait(report2.resetInMs)}, as the server asked.`);
        return;
      }
      const eta = report2.etaMs === void 0 ? "" : `; the whole job ends in about ${formatWait(report2.etaMs)}`;
      const kept = report2.remaining > 0 ? ` (kept for other clients: --reserve ${options.reserve})` : "";
      ctx.notice(`rate limit: ${number4.format(report2.remaining)} of ${number4.format(report2.limit)} left${kept}, resets in ${formatWait(report2.resetInMs)} \u2014 waiting${eta}.`);
    }
  });
}
var BULK_FLAGS;
var init_bulk = __esm({
  "src/commands/shared/bulk.ts"() {
    "use strict";
    init_pacer();
    init_define();
    init_duration();
    BULK_FLAGS = {
      reserve: flag2.number({ value: "n", help: "requests of the key's window to leave for other clients (bulk work)", default: "10", integer: true, min: 0 }),
      maxWait: flag2.parsed(parseDuration, {
        value: "duration",
        example: "2h",
        help: "wait at most this long in all for the rate limit (30m, 2h), then stop and exit 5 (default: no bound)",
        message: '--max-wait takes a number and a unit: 45s, 30m, 2h or 1d (got "{value}").'
      })
    };
  }
});

// src/commands/jobs/import.ts
var import_exports = {};
__export(import_exports, {
  MAX_CONCURRENCY: () => MAX_CONCURRENCY,
  default: () => import_default,
  defaultFailuresPath: () => defaultFailuresPath,
  rowIdempotencyKey: () => rowIdempotencyKey
});
import { createHash as createHash6, randomUUID as randomUUID2 } from "node:crypto";
import { rename, rm, writeFile as writeFile2 } from "node:fs/promises";
import { realpathSync } from "node:fs";
import { basename, dirname, join as join7, resolve } from "node:path";
function rowIdempotencyKey(input2) {
  const hex = createHash6("sha256").update(`hire-import:${canonicalJson(input2)}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${(parseInt(hex[16], 16) & 3 | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
function defaultFailuresPath(path) {
  if (path === "-") return "import-failed.ndjson";
  const name = basename(path).replace(/\.failed\.ndjson$/i, "").replace(/\.(csv|ndjson|jsonl|json)$/i, "");
  return join7(dirname(path), `${name}.failed.ndjson`);
}
function checkFailuresFile(target, path, format) {
  if (target === "-" || target.trim() === "") throw new UsageError(`--failures-file needs a file name ("${target}" is none): the rows left over are written there to import again.`);
  if (path === "-" || format === "ndjson") return;
  const real = (file) => {
    try {
      return realpathSync(file);
    } catch {
      return resolve(file);
    }
  };
  if (real(target) === real(path)) {
    throw new UsageError(`--failures-file ${target} is the file being imported: its ${format.toUpperCase()} would be replaced by the rows left over. Name another file, or leave the flag out (${defaultFailuresPath(path)}).`);
  }
}
var MAX_CONCURRENCY, STOP_GRACE_MS, COLUMNS, import_default;
var init_import = __esm({
  "src/commands/jobs/import.ts"() {
    "use strict";
    init_jobs2();
    init_canonical();
    init_job();
    init_errors();
    init_rows();
    init_plural();
    init_progress();
    init_render2();
    init_define();
    init_input();
    init_bulk();
    init_confirm();
    MAX_CONCURRENCY = 100;
    STOP_GRACE_MS = 5e3;
    COLUMNS = [
      { key: "row" },
      { key: "status", status: true },
      { key: "id", keepWhole: true },
      { key: "title", lines: 2 },
      { key: "error", lines: 4 }
    ];
    import_default = defineCommand({
      path: ["jobs", "import"],
      summary: "create many jobs from CSV, NDJSON or a JSON array; safe to run again",
      effect: "write",
      args: { file: arg.required("the file (- for stdin)") },
      flags: {
        format: flag2.enum(IMPORT_FORMATS, { help: "{choices} (default: from the file name or content)" }),
        concurrency: flag2.number({
          value: "n",
          help: `jobs in flight at once (at most ${MAX_CONCURRENCY})`,
          default: "8",
          integer: true,
          min: 1,
          max: MAX_CONCURRENCY,
          message: `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, the API's concurrent-request limit (got "{value}").`
        }),
        skipInvalid: flag2.boolean({ help: "import the valid rows even when some are not" }),
        failuresFile: flag2.string({ value: "file", help: "where the rows not created go (default: beside FILE, jobs.csv \u2192 jobs.failed.ndjson)" }),
        dryRun: flag2.boolean({ help: "check every row and print the report; send nothing" }),
        ...BULK_FLAGS
      },
      examples: ["hire jobs import jobs.csv --dry-run", "hire jobs import season.ndjson --concurrency 16 --json > report.json", "hire jobs import jobs.failed.ndjson"],
      async run(ctx, options) {
        const { file: path, concurrency } = options;
        const text4 = await readTextInput(ctx, "jobs import", path, { maxBytes: MAX_IMPORT_BYTES, hint: "Split it into smaller files and import each." });
        const format = options.format ?? detectFormat(path, text4);
        if (options.failuresFile !== void 0) checkFailuresFile(options.failuresFile, path, format);
        let rows;
        try {
          rows = await readRows(text4, format);
        } catch (error) {
          throw new UsageError(`${path === "-" ? "stdin" : path}: ${error.message}.`);
        }
        if (rows.length === 0) throw new UsageError(`${path === "-" ? "stdin" : path} holds no jobs.`);
        const dropped = dropServerFields(rows);
        if (dropped.length > 0) {
          ctx.notice(`Left out what the server sets (${dropped.join(", ")}): each row makes a new job, a draft unless its publish is true.`);
        }
        const results = /* @__PURE__ */ new Map();
        const valid = [];
        for (const row of rows) {
          const result = row.fields ? validateJobInput(row.fields) : void 0;
          if (result?.ok) valid.push({ row, input: result.value });
          else {
            const details = result && !result.ok ? result.errors : void 0;
            results.set(row.index, {
              row: row.index,
              line: row.line ?? null,
              status: "invalid",
              id: null,
              title: typeof row.fields?.title === "string" ? row.fields.title : null,
              error: details ? Object.entries(details).map(([field2, message]) => `${field2}: ${message}`).join("; ") : row.problem ?? "cannot be read",
              ...details ? { details } : {}
            });
          }
        }
        const invalid = [...results.values()];
        const refusal2 = () => {
          const details = Object.fromEntries(invalid.map((result) => [`row ${result.row}${result.line ? ` (line ${result.line})` : ""}`, result.error ?? "not valid"]));
          return new HireError(`${invalid.length} of ${plural(rows.length, "row")} ${invalid.length === 1 ? "is" : "are"} not valid; nothing was sent.`, {
            exitCode: ExitCode.usage,
            code: "validation_error",
            details,
            hint: "Fix them, or pass --skip-invalid to import the valid rows only."
          });
        };
        if (options.dryRun) {
          for (const { row, input: input2 } of valid) results.set(row.index, { row: row.index, line: row.line ?? null, status: "valid", id: null, title: input2.title, error: null });
          await printList(ctx.output, [...results.values()].sort((a, b) => a.row - b.row), COLUMNS);
          if (invalid.length > 0 && !options.skipInvalid) throw refusal2();
          const skipped = invalid.length > 0 ? `, ${invalid.length} invalid (skipped with --skip-invalid)` : "";
          ctx.notice(`Dry run: ${plural(rows.length, "row")}: ${valid.length} valid${skipped}; nothing was sent.`);
          return;
        }
        if (invalid.length > 0 && !options.skipInvalid) throw refusal2();
        if (!await confirmProductionWrite(ctx, `Create ${valid.length === 1 ? "a job" : `${valid.length} jobs`} from ${path === "-" ? "stdin" : path}`)) return;
        const client = await ctx.api();
        const progress = progressBar(ctx.output, valid.length, "Importing");
        let interrupted = false;
        let grace;
        const removeInterrupt = ctx.io.onInterrupt(() => {
          if (interrupted) return client.abort();
          interrupted = true;
          ctx.notice(`
Stopping: waiting up to ${STOP_GRACE_MS / 1e3} s for the rows already sent (Ctrl-C again to stop now)\u2026`);
          grace = setTimeout(() => client.abort(), STOP_GRACE_MS);
        });
        let firstFailure;
        let next = 0;
        let waitedOut = false;
        paceBulk(ctx, client, { reserve: options.reserve, maxWait: options.maxWait }, () => valid.length - next);
        const worker = async () => {
          while (!interrupted && !waitedOut && next < valid.length) {
            const { row, input: input2 } = valid[next++];
            const base = { row: row.index, line: row.line ?? null, title: input2.title };
            try {
              const created2 = await createJob2(client, input2, rowIdempotencyKey(input2));
              results.set(row.index, { ...base, status: created2.replayed ? "existing" : "created", id: String(created2.job.id), error: null });
              progress.tick(true);
            } catch (error) {
              if (!(error instanceof HireError)) throw error;
              if (error instanceof InterruptedError) {
                const note = "stopped before the server answered: it may have been created (importing the rows left over is safe)";
                results.set(row.index, { ...base, status: "interrupted", id: null, error: note });
                progress.tick(false);
                continue;
              }
              if (error.code === "rate_limit_wait") {
                waitedOut = true;
                firstFailure ??= error.exitCode;
                results.set(row.index, { ...base, status: "not_sent", id: null, error: "not sent: --max-wait reached while waiting for the rate limit" });
                progress.tick(false);
                continue;
              }
              firstFailure ??= error.exitCode;
              results.set(row.index, { ...base, status: "failed", id: null, error: `${error.message} (${error.code})` });
              progress.tick(false);
            }
          }
        };
        try {
          await Promise.all(Array.from({ length: Math.min(concurrency, valid.length) }, worker));
        } finally {
          clearTimeout(grace);
          removeInterrupt();
          progress.done();
        }
        for (const { row, input: input2 } of valid) {
          if (!results.has(row.index)) {
            const why = waitedOut ? "not sent: --max-wait reached while waiting for the rate limit" : "interrupted before it was sent";
            results.set(row.index, { row: row.index, line: row.line ?? null, status: "not_sent", id: null, title: input2.title, error: why });
          }
        }
        const ordered = [...results.values()].sort((a, b) => a.row - b.row);
        await printList(ctx.output, ordered, COLUMNS);
        const count3 = (status) => ordered.filter((result) => result.status === status).length;
        const leftOver = ordered.filter((result) => result.status !== "created" && result.status !== "existing");
        let failuresPath;
        if (leftOver.length > 0) {
          failuresPath = options.failuresFile ?? defaultFailuresPath(path);
          const byIndex = new Map(rows.map((row) => [row.index, row]));
          const lines = leftOver.map((result) => {
            const row = byIndex.get(result.row);
            return row?.fields ? JSON.stringify(row.fields) : row?.source ?? "{}";
          });
          const partial = `${failuresPath}.${randomUUID2().slice(0, 8)}.partial`;
          try {
            await writeFile2(partial, `${lines.join("\n")}
`);
            await rename(partial, failuresPath);
          } finally {
            await rm(partial, { force: true });
          }
        }
        const summary2 = [
          `${count3("created")} created`,
          count3("existing") ? `${count3("existing")} already there (imported before)` : "",
          count3("failed") ? `${count3("failed")} failed` : "",
          count3("invalid") ? `${count3("invalid")} invalid, skipped` : "",
          count3("interrupted") ? `${count3("interrupted")} stopped before the answer came (may have been created)` : "",
          count3("not_sent") ? `${count3("not_sent")} not sent` : ""
        ].filter(Boolean);
        ctx.notice(`${plural(rows.length, "row")}: ${summary2.join(", ")}.${failuresPath ? ` The rows left over are in ${failuresPath} (hire jobs import ${failuresPath}).` : ""}`);
        if (waitedOut) ctx.notice("Stopped: --max-wait was reached while waiting for the rate limit. Run the same command again later: rows already created are skipped.");
        if (interrupted) ctx.exitCode = ExitCode.interrupted;
        else if (firstFailure !== void 0) ctx.exitCode = firstFailure;
      }
    });
  }
});

// src/commands/shared/list-flags.ts
var LIST_FLAGS;
var init_list_flags = __esm({
  "src/commands/shared/list-flags.ts"() {
    "use strict";
    init_define();
    init_bulk();
    LIST_FLAGS = {
      page: flag2.number({ value: "n", help: "page number", integer: true, min: 1 }),
      perPage: flag2.number({ value: "n", help: "items per page (the server allows 1-100)", integer: true, min: 1 }),
      sort: flag2.string({ value: "fields", help: "sort by fields, - for descending (e.g. -created_at,title)" }),
      filter: flag2.list({ value: "key=value", help: "filter on a field (repeatable)" }),
      all: flag2.boolean({ help: "follow every page" }),
      limit: flag2.number({ value: "n", help: "stop after N items, fetching further pages only as needed", integer: true, min: 1 }),
      resume: flag2.string({
        value: "state-file",
        help: "with --all or --limit: record progress in this file; run the same command again to continue a stopped export, appending (>> FILE)"
      }),
      // With --all or --limit a list is bulk work: paced to the rate limit.
      ...BULK_FLAGS
    };
  }
});

// src/api/list.ts
var list_exports = {};
__export(list_exports, {
  listPage: () => listPage
});
async function listPage(client, path, query) {
  const response = await client.request("GET", path, { query });
  if (!isRecordList(response.data)) throw unexpectedShape(`GET ${path}`, "a list of objects", response.meta.request_id);
  const meta = ListMetaSchema.safeParse(response.meta);
  return { items: response.data, meta: meta.success ? meta.data : void 0 };
}
var init_list2 = __esm({
  "src/api/list.ts"() {
    "use strict";
    init_envelope();
    init_errors2();
  }
});

// src/api/paginate.ts
async function* paginate(client, path, query, options = {}) {
  const { all = false, limit } = options;
  const following = all || limit !== void 0;
  const perPage = Number(query.per_page ?? (following ? Math.min(MAX_PER_PAGE, limit ?? MAX_PER_PAGE) : Number.NaN));
  const startPage = Number(query.page ?? 1);
  const fetchPage = (page) => listPage(client, path, { ...query, page: page === 1 && query.page === void 0 ? void 0 : page, ...following ? { per_page: perPage } : {} });
  let remaining = limit ?? Infinity;
  const first = await fetchPage(startPage);
  options.onFirstPage?.(first);
  options.onPage?.(startPage);
  yield first.items.slice(0, remaining);
  remaining -= first.items.length;
  if (!following || remaining <= 0 || first.items.length === 0) return;
  const totalPages2 = first.meta?.total_pages;
  if (totalPages2 === void 0) {
    let previous = first.items.length;
    for (let page = startPage + 1; remaining > 0 && previous >= perPage; page++) {
      const { items: items2 } = await fetchPage(page);
      if (items2.length === 0) return;
      yield items2.slice(0, remaining);
      remaining -= items2.length;
      previous = items2.length;
    }
    return;
  }
  const lastPage = Math.min(totalPages2, limit === void 0 ? totalPages2 : startPage + Math.ceil(limit / perPage) - 1);
  const window = Math.max(1, options.concurrency ?? 4);
  const inFlight = /* @__PURE__ */ new Map();
  let next = startPage + 1;
  const schedule = () => {
    const headroom = client.rateLimit?.remaining;
    const width = headroom === void 0 ? window : Math.max(1, Math.min(window, Math.floor(headroom / 2)));
    while (next <= lastPage && inFlight.size < width) {
      const page = fetchPage(next);
      page.catch(() => void 0);
      inFlight.set(next, page);
      next += 1;
    }
  };
  for (let page = startPage + 1; page <= lastPage && remaining > 0; page++) {
    schedule();
    const { items: items2 } = await inFlight.get(page);
    inFlight.delete(page);
    if (items2.length === 0) return;
    options.onPage?.(page);
    yield items2.slice(0, remaining);
    remaining -= items2.length;
  }
}
var MAX_PER_PAGE;
var init_paginate = __esm({
  "src/api/paginate.ts"() {
    "use strict";
    init_list2();
    MAX_PER_PAGE = 100;
  }
});

// src/commands/shared/resume.ts
var resume_exports = {};
__export(resume_exports, {
  STABLE_SORT: () => STABLE_SORT,
  checkStateIsNotOutput: () => checkStateIsNotOutput,
  comparePlaces: () => comparePlaces,
  differences: () => differences,
  filtersOf: () => filtersOf,
  outputFile: () => outputFile,
  placeOf: () => placeOf,
  readState: () => readState,
  reconcileOutput: () => reconcileOutput,
  runResumableExport: () => runResumableExport,
  writeState: () => writeState
});
import { randomBytes as randomBytes4 } from "node:crypto";
import { fstatSync, ftruncateSync, readFileSync as readFileSync7, renameSync as renameSync3, rmSync as rmSync2, statSync as statSync2, writeFileSync as writeFileSync3 } from "node:fs";
function outputFile(out) {
  const fd = out.stdout.fd;
  if (typeof fd !== "number") return void 0;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return void 0;
    return { fd, dev: stat.dev, ino: stat.ino, size: stat.size, append: appendMode(fd) };
  } catch {
    return void 0;
  }
}
function appendMode(fd) {
  try {
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync7(`/proc/self/fdinfo/${fd}`, "utf8"))?.[1];
    return flags === void 0 ? void 0 : (Number.parseInt(flags, 8) & 1024) !== 0;
  } catch {
    return void 0;
  }
}
function readState(file) {
  let text4;
  try {
    text4 = readFileSync7(file, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw new UsageError(`--resume: cannot read ${file}: ${error.message}`);
  }
  let state;
  try {
    state = JSON.parse(text4);
  } catch {
    throw notState(file);
  }
  if (state === null || typeof state !== "object" || state.version !== STATE_VERSION || typeof state.export !== "object" || typeof state.pages !== "number") throw notState(file);
  return state;
}
function notState(file) {
  return new UsageError(`--resume: ${file} is not an export state written by hire (version ${STATE_VERSION}).`, {
    hint: "Give --resume a new file name (it is created), or the state file of the export to continue."
  });
}
function writeState(file, state) {
  const temporary = `${file}.${randomBytes4(4).toString("hex")}.tmp`;
  try {
    writeFileSync3(temporary, `${JSON.stringify(state, null, 2)}
`, { mode: 384 });
    renameSync3(temporary, file);
  } catch (error) {
    rmSync2(temporary, { force: true });
    throw error;
  }
}
function filtersOf(query) {
  const filters = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === void 0 || ["page", "per_page", "sort", "fields"].includes(name)) continue;
    filters[name] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return filters;
}
function differences(recorded, asked) {
  const shown = (value) => value === null || value === void 0 ? "none" : Array.isArray(value) ? value.join(",") : String(value);
  const found = [];
  const compare = (name, there, here) => {
    if (shown(there) !== shown(here)) found.push(`${name}: ${shown(there)} there, ${shown(here)} here`);
  };
  compare("list", recorded.path, asked.path);
  compare("profile", recorded.profile, asked.profile);
  compare("server", recorded.server, asked.server);
  for (const name of (/* @__PURE__ */ new Set([...Object.keys(recorded.filters ?? {}), ...Object.keys(asked.filters)])).values()) {
    compare(`filter ${name}`, recorded.filters?.[name], asked.filters[name]);
  }
  compare("--per-page", recorded.per_page, asked.per_page);
  compare("--limit", recorded.limit, asked.limit);
  compare("--output", recorded.format, asked.format);
  compare("--fields", recorded.fields, asked.fields);
  compare("--csv-raw", recorded.csv_raw, asked.csv_raw);
  return found;
}
function reconcileOutput(stateFile, state, file) {
  const recorded = state.output;
  const sameFile = recorded !== null && file !== void 0 && file.dev === recorded.dev && file.ino === recorded.ino;
  if (!sameFile) {
    return state.state === "running" && state.pages > 0 ? "The last run was killed before it recorded its end, and what it wrote cannot be checked from here (stdout is not the same file): the page it was writing may appear twice." : void 0;
  }
  if (file.size < recorded.bytes) {
    throw new UsageError(
      `--resume: stdout holds ${plural(file.size, "byte")}, fewer than the ${recorded.bytes} the export had written to it: it was truncated or replaced (\`>\` instead of \`>>\`?).`,
      { hint: `Append with >> to continue an export. To start again, remove ${stateFile}.` }
    );
  }
  if (file.append === false && recorded.bytes > 0) {
    throw new UsageError(`--resume: stdout is the export's file but not opened for appending, so the export would overwrite it.`, {
      hint: `Append to it: hire \u2026 --resume ${stateFile} >> FILE`
    });
  }
  if (file.size > recorded.bytes) {
    ftruncateSync(file.fd, recorded.bytes);
    return `Removed ${plural(file.size - recorded.bytes, "byte")} after the last recorded page (written when the last run stopped); that page is written again.`;
  }
  return void 0;
}
function checkStateIsNotOutput(stateFile, file) {
  if (!file) return;
  try {
    const stat = statSync2(stateFile);
    if (stat.dev === file.dev && stat.ino === file.ino) throw new UsageError(`--resume: ${stateFile} is also stdout; give the state its own file.`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
}
function placeOf(item) {
  return { created_at: text2(item.created_at), id: text2(item.id) };
}
function text2(value) {
  return value === void 0 || value === null ? "" : String(value);
}
function comparePlaces(a, b) {
  return compareText(a.created_at, b.created_at) || compareText(a.id, b.id);
}
function compareText(a, b) {
  const [foldedA, foldedB] = [a.replace(/[A-Z]/g, (c) => c.toLowerCase()), b.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
function checkFlags(ctx, flags) {
  if (!flags.all && flags.limit === void 0) throw new UsageError("--resume continues a long export: add --all (or --limit N).");
  if (flags.page !== void 0) throw new UsageError("--resume keeps its own place in the list: leave out --page.");
  if (flags.sort !== void 0 && flags.sort.replace(/\s/g, "") !== STABLE_SORT) {
    throw new UsageError(`--resume exports in the stable order ${STABLE_SORT} (pages sorted otherwise shift as records are added or change): leave out --sort.`);
  }
  const { format, isStdoutTTY } = ctx.output;
  if (format === "json") throw new UsageError("--resume writes page by page: use -o ndjson or -o csv (--json is one array, written at the end).");
  if (format === "table" && isStdoutTTY) throw new UsageError("--resume appends to a file: redirect stdout (>> FILE), best with -o ndjson or -o csv.");
}
async function runResumableExport(ctx, flags, spec, stateFile) {
  checkFlags(ctx, flags);
  const out = ctx.output;
  const file = outputFile(out);
  checkStateIsNotOutput(stateFile, file);
  const recorded = readState(stateFile);
  const startedAt = recorded?.started_at ?? Date.now();
  const query = listQuery(ctx, flags, ownFilters(spec, startedAt));
  const profile = await ctx.profile();
  const identity = {
    path: spec.path,
    profile: profile.name,
    server: profile.baseUrl,
    filters: filtersOf(query),
    per_page: flags.perPage ?? recorded?.export.per_page ?? Math.min(MAX_PER_PAGE, flags.limit ?? MAX_PER_PAGE),
    limit: flags.limit ?? null,
    format: out.format,
    fields: out.fields ? [...out.fields] : null,
    csv_raw: out.csvRaw
  };
  if (recorded) {
    const differs = differences(recorded.export, identity);
    if (differs.length > 0) {
      throw new UsageError(`--resume: ${stateFile} records a different export (${differs.join("; ")}).`, {
        hint: "Run the command the export was started with, or give --resume a new file to start another export."
      });
    }
    if (recorded.state === "done") {
      ctx.notice(`The export in ${stateFile} is complete (${plural(recorded.items, singularOf(spec.noun), spec.noun)}): nothing more to write.`);
      return;
    }
  }
  const state = recorded ?? {
    version: STATE_VERSION,
    export: identity,
    started_at: startedAt,
    state: "running",
    total_count: null,
    pages: 0,
    items: 0,
    last: null,
    header: false,
    output: null
  };
  const repaired = recorded ? reconcileOutput(stateFile, recorded, file) : void 0;
  if (repaired) ctx.warn(repaired);
  const outputNow = () => file ? { dev: file.dev, ino: file.ino, bytes: fstatSync(file.fd).size } : null;
  state.state = "running";
  state.output = outputNow();
  writeState(stateFile, state);
  const sent = { ...query, per_page: identity.per_page, sort: STABLE_SORT };
  if (out.fields) sent.fields = apiFields([...out.fields, "created_at", "id"]);
  const remaining = identity.limit === null ? Infinity : identity.limit - state.items;
  const client = await ctx.api();
  let lastPage;
  let pagesLeft;
  paceBulk(ctx, client, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft);
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  try {
    const start = state.last ? await restartPage(client, spec.path, sent, state.pages, state.last) : 1;
    const reread = Math.max(0, state.pages - start + 1) * identity.per_page;
    const limit = remaining === Infinity ? void 0 : remaining + reread;
    const pages2 = paginate(client, spec.path, { ...sent, page: start }, {
      all: true,
      ...limit === void 0 ? {} : { limit },
      onFirstPage: ({ meta }) => {
        if (!meta) return;
        if (state.total_count !== null && meta.total_count !== state.total_count) ctx.warn(totalChanged(spec.noun, state.total_count, meta.total_count));
        state.total_count = meta.total_count;
        lastPage = limit === void 0 ? meta.total_pages : Math.min(meta.total_pages, start - 1 + Math.ceil(limit / identity.per_page));
      },
      onPage: (page2) => {
        if (lastPage !== void 0) pagesLeft = Math.max(0, lastPage - page2);
      }
    });
    let page = start - 1;
    let written = 0;
    async function* missing() {
      for await (const items2 of pages2) {
        page += 1;
        const last = state.last;
        const fresh = (last ? items2.filter((item) => comparePlaces(placeOf(item), last) > 0) : items2).slice(0, remaining - written);
        written += fresh.length;
        yield fresh;
        if (written >= remaining) return;
      }
    }
    await printPages(out, missing(), spec.columns, {
      header: !state.header,
      afterPage: (items2) => {
        state.pages = page;
        state.items += items2.length;
        if (items2.length > 0) {
          state.last = placeOf(items2.at(-1));
          state.header = true;
        }
        state.output = outputNow();
        writeState(stateFile, state);
      }
    });
  } catch (error) {
    state.state = "stopped";
    try {
      writeState(stateFile, state);
    } catch {
    }
    const one = singularOf(spec.noun);
    const where = `${state.total_count === null ? plural(state.items, one, spec.noun) : `${state.items} of ${plural(state.total_count, one, spec.noun)}`} written`;
    if (error instanceof InterruptedError) throw new InterruptedError(`Interrupted: ${where}. To continue, run the same command again, appending (>>).`);
    ctx.notice(`Stopped: ${where}. To continue, run the same command again, appending (>>).`);
    throw error;
  } finally {
    removeInterrupt();
  }
  state.state = "done";
  writeState(stateFile, state);
  ctx.notice(`Export complete: ${plural(state.items, singularOf(spec.noun), spec.noun)} written in all (recorded in ${stateFile}).`);
}
async function restartPage(client, path, query, pages2, last) {
  let page = Math.max(1, pages2);
  while (page > 1) {
    const { items: items2 } = await listPage(client, path, { ...query, page });
    const first = items2[0];
    if (first && comparePlaces(placeOf(first), last) <= 0) break;
    page -= 1;
  }
  return page;
}
function totalChanged(noun, then, now) {
  const change2 = now > then ? `those added since are written at the end (the export runs oldest first)` : `those removed were written already or are left out`;
  return `The list has changed since the export was last run: ${plural(then, singularOf(noun), noun)} then, ${now} now; ${change2}.`;
}
var STABLE_SORT, STATE_VERSION;
var init_resume = __esm({
  "src/commands/shared/resume.ts"() {
    "use strict";
    init_list2();
    init_paginate();
    init_errors();
    init_render2();
    init_bulk();
    init_list3();
    init_plural();
    STABLE_SORT = "created_at,id";
    STATE_VERSION = 1;
  }
});

// src/commands/shared/list.ts
function ownFilters(spec, now) {
  return typeof spec.query === "function" ? spec.query(now) : spec.query;
}
function listQuery(ctx, flags, own2 = {}) {
  const query = {};
  for (const filter of flags.filter ?? []) {
    const match = /^([^=]+)=(.*)$/.exec(filter);
    if (!match) throw new UsageError(`--filter takes key=value (got "${filter}").`);
    query[match[1].trim()] = match[2];
  }
  const given = {
    ...own2,
    page: flags.page,
    per_page: flags.perPage,
    sort: flags.sort,
    fields: apiFields(ctx.settings.fields)
  };
  for (const [name, value] of Object.entries(given)) if (value !== void 0) query[name] = value;
  return query;
}
function apiFields(fields) {
  return fields ? [...new Set(fields.map((path) => path.split(".")[0]))].join(",") : void 0;
}
async function runList(ctx, flags, spec) {
  if (flags.resume !== void 0) {
    const { runResumableExport: runResumableExport2 } = await Promise.resolve().then(() => (init_resume(), resume_exports));
    return runResumableExport2(ctx, flags, spec, flags.resume);
  }
  const query = listQuery(ctx, flags, ownFilters(spec, Date.now()));
  const limit = flags.limit;
  const client = await ctx.api();
  let pagesLeft;
  let lastPage;
  if (flags.all || limit !== void 0) paceBulk(ctx, client, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft);
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  let total;
  const pages2 = paginate(client, spec.path, query, {
    all: flags.all === true,
    ...limit !== void 0 ? { limit } : {},
    onFirstPage: ({ meta }) => {
      if (!meta) return;
      total = { count: meta.total_count, pages: meta.total_pages, page: meta.current_page };
      lastPage = limit === void 0 ? meta.total_pages : Math.min(meta.total_pages, meta.current_page - 1 + Math.ceil(limit / Math.max(1, meta.per_page)));
    },
    // For the ETA shown while waiting for the rate limit.
    onPage: (page) => {
      if (lastPage !== void 0) pagesLeft = Math.max(0, lastPage - page);
    }
  });
  let printed;
  try {
    printed = await printPages(ctx.output, pages2, spec.columns);
  } finally {
    removeInterrupt();
  }
  if (!ctx.io.isStderrTTY || ctx.settings.format !== "table") return;
  if (printed === 0) ctx.notice(`No ${spec.noun} found.`);
  else if (total && !flags.all && limit === void 0 && total.pages > total.page) {
    ctx.notice(`Page ${total.page} of ${total.pages} (${total.count} ${spec.noun}). Next: --page ${total.page + 1}, or --all.`);
  }
}
var init_list3 = __esm({
  "src/commands/shared/list.ts"() {
    "use strict";
    init_paginate();
    init_errors();
    init_render2();
    init_bulk();
  }
});

// src/commands/jobs/list.ts
var list_exports2 = {};
__export(list_exports2, {
  default: () => list_default
});
var list_default;
var init_list4 = __esm({
  "src/commands/jobs/list.ts"() {
    "use strict";
    init_jobs2();
    init_vocabulary();
    init_define();
    init_list_flags();
    init_list3();
    init_columns();
    list_default = defineCommand({
      path: ["jobs", "list"],
      summary: "list job postings (GET /jobs)",
      effect: "read",
      flags: {
        status: flag2.enum(JOB_STATUSES, { help: "only jobs with this status: {choices} (comma-separated for several)", many: true }),
        ...LIST_FLAGS
      },
      examples: ["hire jobs list", "hire jobs list --status active --sort -created_at --per-page 50", "hire jobs list --all -o csv > jobs.csv"],
      async run(ctx, options) {
        await runList(ctx, options, { path: JOBS_PATH, noun: "jobs", columns: jobColumns(ctx.settings.format, JOB_LIST_COLUMNS), query: { status: options.status?.join(",") } });
      }
    });
  }
});

// src/output/detail.ts
async function printDetail(out, record4, columns, view) {
  const extra = view.extra ?? [];
  if (out.format !== "table" || out.fields) return printRecord(out, record4, columns, extra);
  if (!out.isStdoutTTY) return printRecord(out, record4, columns, [...extra, ...view.piped ?? []]);
  await printRecord(out, record4, view.drawn ?? columns, extra);
  const paint = await out.painter("stdout");
  const width = terminalWidth2(out) - INDENT.length;
  const text4 = (await view.sections(width, paint)).filter((section) => section.lines.length > 0).map((section) => `
${paint.bold(section.heading)}
${section.lines.map((line) => line === "" ? "" : INDENT + line).join("\n")}
`).join("");
  out.stdout.write(text4);
}
function terminalWidth2(out) {
  return out.columns && out.columns > 0 ? out.columns : 80;
}
function wrapWords2(text4, width) {
  const limit = Math.max(1, width);
  return text4.split("\n").flatMap((paragraph) => wrapWords(paragraph.split(" ").filter((word) => word !== "").join(" "), limit));
}
function hanging(prefix, lines) {
  const pad = " ".repeat(displayWidth(prefix));
  return lines.map((line, index) => (index === 0 ? prefix : pad) + line);
}
function labelled(rows, width, paint) {
  const labelWidth = widest(rows.map(([label2]) => label2)) + 2;
  return rows.flatMap(([label2, value]) => {
    const lines = wrapWords2(value, width - labelWidth);
    return lines.map((line, index) => (index === 0 ? paint.dim(label2) + " ".repeat(labelWidth - displayWidth(label2)) : " ".repeat(labelWidth)) + line);
  });
}
function markdown() {
  return parser ??= import("markdown-it").then(({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: false, typographer: false }));
}
async function markdownLines(source, width, paint) {
  const tokens = (await markdown()).parse(source.replace(/\t/g, "    "), {});
  const lines = joinBlocks(blocks(tokens, 0, tokens.length, Math.max(10, width), paint), true);
  if (lines.every((line) => line.trim() === "") && source.trim() !== "") return plainLines(source, Math.max(10, width));
  return lines;
}
function plainLines(source, width) {
  return source.trim().split("\n").flatMap((line) => wrapWords2(inert(line), width));
}
function joinBlocks(chunks, spaced) {
  return chunks.flatMap((chunk, index) => spaced && index > 0 ? ["", ...chunk] : chunk);
}
function closing(tokens, start) {
  const type = tokens[start].type.replace(/_open$/, "_close");
  let depth = 0;
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === tokens[start].type) depth++;
    else if (token.type === type && --depth === 0) return index;
  }
  return tokens.length - 1;
}
function blocks(tokens, from, to, width, paint) {
  const chunks = [];
  for (let index = from; index < to; index++) {
    const token = tokens[index];
    switch (token.type) {
      case "paragraph_open": {
        chunks.push(wrapWords2(inlineText(tokens[index + 1]), width));
        index = closing(tokens, index);
        break;
      }
      case "heading_open": {
        const lines = wrapWords2(inlineText(tokens[index + 1]), width);
        const rule = Number(token.tag.slice(1)) <= 2 ? [paint.dim("\u2500".repeat(Math.min(width, widest(lines))))] : [];
        chunks.push([...lines.map((line) => paint.bold(line)), ...rule]);
        index = closing(tokens, index);
        break;
      }
      case "bullet_list_open":
      case "ordered_list_open": {
        const end = closing(tokens, index);
        const ordered = token.type === "ordered_list_open";
        let number4 = Number(token.attrGet("start") ?? 1);
        const items2 = [];
        for (let item = index + 1; item < end; item++) {
          if (tokens[item].type !== "list_item_open") continue;
          const itemEnd = closing(tokens, item);
          const marker = ordered ? `${number4++}. ` : "\u2022 ";
          const body = joinBlocks(blocks(tokens, item + 1, itemEnd, width - displayWidth(marker), paint), false);
          items2.push(...hanging(marker, body.length > 0 ? body : [""]));
          item = itemEnd;
        }
        chunks.push(items2);
        index = end;
        break;
      }
      case "blockquote_open": {
        const end = closing(tokens, index);
        const body = joinBlocks(blocks(tokens, index + 1, end, width - 2, paint), true);
        chunks.push(body.map((line) => `${paint.dim("\u2502")} ${line}`));
        index = end;
        break;
      }
      case "fence":
      case "code_block": {
        const lines = token.content.replace(/\n$/, "").split("\n");
        chunks.push(lines.flatMap((line) => cutLine(inert(line), width - 2)).map((line) => `  ${line}`));
        break;
      }
      case "hr":
        chunks.push([paint.dim("\u2500".repeat(Math.min(width, 20)))]);
        break;
      case "table_open": {
        const end = closing(tokens, index);
        const rows = [];
        for (let row = index + 1; row < end; row++) {
          if (tokens[row].type !== "tr_open") continue;
          const rowEnd = closing(tokens, row);
          const cells = tokens.slice(row, rowEnd).filter((cell2) => cell2.type === "inline").map((cell2) => inlineText(cell2));
          rows.push(...wrapWords2(cells.join(" \u2502 "), width));
          row = rowEnd;
        }
        chunks.push(rows);
        index = end;
        break;
      }
      case "html_block":
      case "inline":
        chunks.push(wrapWords2(inert(token.content), width));
        break;
      default:
        break;
    }
  }
  return chunks;
}
function cutLine(line, width) {
  const pieces = [];
  let piece = "";
  let used2 = 0;
  for (const char of line) {
    const w = displayWidth(char);
    if (used2 + w > Math.max(1, width) && used2 > 0) {
      pieces.push(piece);
      [piece, used2] = ["", 0];
    }
    piece += char;
    used2 += w;
  }
  pieces.push(piece);
  return pieces;
}
function inlineText(token) {
  if (!token) return "";
  let text4 = "";
  const links = [];
  for (const child of token.children ?? []) {
    switch (child.type) {
      case "text":
      case "code_inline":
      case "html_inline":
        text4 += inert(child.content);
        break;
      case "softbreak":
        text4 += " ";
        break;
      case "hardbreak":
        text4 += "\n";
        break;
      case "image":
        text4 += `[image: ${inert(child.content)}]`;
        break;
      case "link_open":
        links.push({ href: child.attrGet("href") ?? "", start: text4.length });
        break;
      case "link_close": {
        const link = links.pop();
        if (!link || link.href === "") break;
        const shown = inert(link.href);
        if (text4.slice(link.start) !== shown && `mailto:${text4.slice(link.start)}` !== shown) text4 += ` (${shown})`;
        break;
      }
      default:
        break;
    }
  }
  return text4;
}
function settingRows(settings) {
  return SETTING_LABELS.filter(([key]) => settings[key] !== void 0 && settings[key] !== null).map(([key, label2]) => [label2, settingText(key, settings[key])]);
}
function settingText(key, value) {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (key === "time_limit" && typeof value === "number") {
    return value % 60 === 0 ? `${value / 60} min (${value} s)` : `${value} s`;
  }
  if (key === "question_types" && Array.isArray(value)) return value.map((type) => cellText(type).replace(/_/g, " ")).join(", ");
  return cellText(value);
}
function questionLines(questions, width, paint) {
  const numberWidth = String(questions.length).length + 2;
  return questions.flatMap((question, index) => {
    const number4 = `${index + 1}.`.padStart(numberWidth - 1) + " ";
    const inner = width - numberWidth;
    const lines = index > 0 ? [""] : [];
    if (question === null || typeof question !== "object" || Array.isArray(question)) return [...lines, ...hanging(number4, wrapWords2(cellText(question), inner))];
    const { type, prompt, options, answer_index: answer, items: items2, rubric } = question;
    const kind = typeof type === "string" ? `[${cellText(type).replace(/_/g, " ")}] ` : "";
    const body = wrapWords2(`${kind}${cellText(prompt)}`, inner);
    if (kind !== "" && body[0].startsWith(kind.trimEnd())) body[0] = paint.dim(kind.trimEnd()) + body[0].slice(kind.length - 1);
    if (Array.isArray(options)) {
      options.forEach((option, choice) => {
        const letter = `${choice < 26 ? String.fromCharCode(97 + choice) : choice + 1}) `;
        const mark = choice === answer ? "\xA0\u2713" : "";
        body.push(...hanging(letter, wrapWords2(cellText(option) + mark, inner - letter.length).map((line) => line.replace("\xA0\u2713", " \u2713"))));
      });
    }
    if (Array.isArray(items2)) for (const item of items2) body.push(...hanging("\u2022 ", wrapWords2(cellText(item), inner - 2)));
    if (Array.isArray(rubric) && rubric.length > 0) {
      body.push(paint.dim("Rubric:"));
      for (const line of rubric) body.push(...hanging("\u2022 ", wrapWords2(cellText(line), inner - 2)));
    }
    return [...lines, ...hanging(number4, body)];
  });
}
var INDENT, parser, SETTING_LABELS;
var init_detail = __esm({
  "src/output/detail.ts"() {
    "use strict";
    init_cells();
    init_fit();
    init_render2();
    INDENT = "  ";
    SETTING_LABELS = [
      ["question_count", "Questions"],
      ["time_limit", "Time limit"],
      ["question_types", "Question types"],
      ["proctoring", "Proctoring"],
      ["auto_generate", "Auto-generate"]
    ];
  }
});

// src/commands/jobs/get.ts
var get_exports = {};
__export(get_exports, {
  default: () => get_default
});
var get_default;
var init_get = __esm({
  "src/commands/jobs/get.ts"() {
    "use strict";
    init_jobs2();
    init_cells();
    init_detail();
    init_define();
    init_columns();
    get_default = defineCommand({
      path: ["jobs", "get"],
      summary: "show one job (GET /jobs/ID)",
      effect: "read",
      args: { id: arg.required("job id") },
      examples: ["hire jobs get job_abc123", "hire jobs get job_abc123 --json --fields id,status,candidate_count"],
      async run(ctx, { id }) {
        const job = await getJob(await ctx.api(), id);
        const { description: description2, assessment_config: config } = job;
        const settings = config !== null && typeof config === "object" && !Array.isArray(config) ? config : {};
        const piped = [];
        if (description2 !== void 0 && description2 !== null) piped.push(["description", cellText(description2)]);
        for (const [key, value] of Object.entries(settings)) piped.push([`assessment_config.${cellText(key)}`, cellText(value)]);
        await printDetail(ctx.output, job, jobColumns(ctx.settings.format, JOB_DETAIL_COLUMNS), {
          piped,
          async sections(width, paint) {
            return [
              { heading: "Description", lines: typeof description2 === "string" ? await markdownLines(description2, width, paint) : [] },
              { heading: "Assessment settings", lines: labelled(settingRows(settings), width, paint) }
            ];
          }
        });
      }
    });
  }
});

// src/commands/jobs/update.ts
var update_exports = {};
__export(update_exports, {
  default: () => update_default
});
function valueAt2(input2, field2) {
  let node = input2;
  for (const segment of field2.split(".")) {
    if (!isPlainObject(node) || !Object.hasOwn(node, segment)) return void 0;
    node = node[segment];
  }
  return node;
}
function fieldGiven(input2, field2) {
  const node = valueAt2(input2, field2);
  if (node === null || node === void 0) return void 0;
  if (isPlainObject(node)) {
    const under = Object.keys(node).find((key) => node[key] !== null);
    return under === void 0 ? void 0 : `${field2}.${under}`;
  }
  return field2;
}
var update_default;
var init_update = __esm({
  "src/commands/jobs/update.ts"() {
    "use strict";
    init_jobs2();
    init_job();
    init_merge();
    init_errors();
    init_cells();
    init_render2();
    init_define();
    init_columns();
    init_job_flags();
    init_job_input();
    init_confirm();
    update_default = defineCommand({
      path: ["jobs", "update"],
      summary: "change the fields given, and only those (PATCH /jobs/ID)",
      effect: "write",
      args: { id: arg.required("job id") },
      flags: {
        fromFile: flag2.string({ value: "file", help: "read the fields from a JSON or YAML file (- for stdin; null clears a field); flags override it" }),
        dryRun: flag2.boolean({ help: "validate and print the request body without sending it" }),
        ...JOB_UPDATE_FLAGS
      },
      examples: [
        'hire jobs update job_abc123 --title "Senior Engineer" --no-proctoring',
        "hire jobs update job_abc123 --skill go,rust --question-count 12",
        "hire jobs update job_abc123 --clear department,salary"
      ],
      async run(ctx, options) {
        const patch = (await gatherJobFields(ctx, options)).check((input2) => {
          if (isPlainObject(input2)) {
            for (const field2 of CLEARABLE_JOB_FIELDS) {
              const value = valueAt2(input2, field2);
              if (typeof value === "string" && value.trim() === "") {
                throw new UsageError(`${jobFlagForField(field2) ?? field2} "" is empty: to remove ${field2}, pass --clear ${field2}.`);
              }
            }
            for (const field2 of options.clear ?? []) {
              const given = fieldGiven(input2, field2);
              if (given) throw new UsageError(`--clear ${field2} and ${jobFlagForField(given) ?? given} disagree: clear it or set it, not both.`);
              setPath(input2, field2, null);
            }
            if (Object.keys(input2).length === 0) {
              throw new UsageError("Nothing to update: pass the fields to change as flags, --clear FIELD, or --from-file FILE.");
            }
          }
          return validateJobPatch(input2);
        });
        if (options.dryRun) {
          ctx.io.stdout.write(`${inertJson(patch, 2)}
`);
          ctx.notice("Dry run: the change is valid; nothing was sent.");
          return;
        }
        if (!await confirmProductionWrite(ctx, `Change ${Object.keys(patch).join(", ")} of job ${options.id}`)) return;
        const client = await ctx.api();
        await printRecord(ctx.output, await updateJob(client, options.id, patch, { onReadBack: (message) => ctx.notice(message) }), JOB_DETAIL_COLUMNS);
        await ctx.announceWrite(`Updated job ${options.id}`);
      }
    });
  }
});

// src/commands/jobs/transition.ts
function jobTransition(verb, what) {
  return defineCommand({
    path: ["jobs", verb],
    summary: transitionSummary(verb, what),
    effect: "write",
    args: { id: arg.required("job id") },
    examples: [`hire jobs ${verb} job_abc123`],
    async run(ctx, { id }) {
      const client = await ctx.api();
      const { from, to } = JOB_VERBS[verb];
      if (verb === "publish" || verb === "reopen") {
        const current = String((await getJob(client, id)).status);
        if (current !== "active" && !from.includes(current)) {
          const instead = verbFrom(current);
          throw new HireError(`Job ${id} is ${current}: ${verb} works on ${from.join(" or ")} jobs (conflict).${instead ? ` Use \`hire jobs ${instead}\` instead.` : ""}`, {
            exitCode: ExitCode.failure,
            code: "conflict"
          });
        }
      }
      if (!await confirmProductionWrite(ctx, `${verb[0].toUpperCase()}${verb.slice(1)} job ${id} (${to})`)) return;
      const job = await setJobStatus(client, id, to, { onReadBack: (message) => ctx.notice(message) }).catch(async (error) => {
        throw error instanceof ApiError && error.status === 409 ? withHint(error, await rightVerb(client, id, verb)) : error;
      });
      await printRecord(ctx.output, job, JOB_DETAIL_COLUMNS);
      await ctx.announceWrite(`Job ${id} is ${to}`);
    }
  });
}
async function rightVerb(client, id, verb) {
  const current = await getJob(client, id).then(
    (job) => String(job.status),
    () => void 0
  );
  const works = `${verb} works on ${either(JOB_VERBS[verb].from)} jobs`;
  if (current === void 0) return `${works[0].toUpperCase()}${works.slice(1)}.`;
  const instead = verbFrom(current);
  if (current === "draft") return `A draft is not live yet: publish it first with \`hire jobs publish ${id}\`; ${works}.`;
  return instead ? `Job ${id} is ${current}; ${works}. \`hire jobs ${instead} ${id}\` is the move from ${current}.` : `Job ${id} is ${current}; ${works}.`;
}
var either, transitionSummary;
var init_transition = __esm({
  "src/commands/jobs/transition.ts"() {
    "use strict";
    init_jobs2();
    init_job();
    init_errors();
    init_render2();
    init_define();
    init_columns();
    init_confirm();
    either = (statuses) => statuses.length < 2 ? statuses.join("") : `${statuses.slice(0, -1).join(", ")} or ${statuses.at(-1)}`;
    transitionSummary = (verb, what) => `${what} (${either(JOB_VERBS[verb].from)} \u2192 ${JOB_VERBS[verb].to})`;
  }
});

// src/commands/jobs/publish.ts
var publish_exports = {};
__export(publish_exports, {
  default: () => publish_default
});
var publish_default;
var init_publish = __esm({
  "src/commands/jobs/publish.ts"() {
    "use strict";
    init_transition();
    publish_default = jobTransition("publish", "publish a draft");
  }
});

// src/commands/jobs/pause.ts
var pause_exports = {};
__export(pause_exports, {
  default: () => pause_default
});
var pause_default;
var init_pause = __esm({
  "src/commands/jobs/pause.ts"() {
    "use strict";
    init_transition();
    pause_default = jobTransition("pause", "stop taking applications for now");
  }
});

// src/commands/jobs/close.ts
var close_exports = {};
__export(close_exports, {
  default: () => close_default
});
var close_default;
var init_close = __esm({
  "src/commands/jobs/close.ts"() {
    "use strict";
    init_transition();
    close_default = jobTransition("close", "close for good");
  }
});

// src/commands/jobs/reopen.ts
var reopen_exports = {};
__export(reopen_exports, {
  default: () => reopen_default
});
var reopen_default;
var init_reopen = __esm({
  "src/commands/jobs/reopen.ts"() {
    "use strict";
    init_transition();
    reopen_default = jobTransition("reopen", "take applications again");
  }
});

// src/commands/jobs/delete.ts
var delete_exports = {};
__export(delete_exports, {
  default: () => delete_default
});
var delete_default;
var init_delete = __esm({
  "src/commands/jobs/delete.ts"() {
    "use strict";
    init_jobs2();
    init_define();
    init_confirm();
    init_plural();
    delete_default = defineCommand({
      path: ["jobs", "delete"],
      summary: "delete a job with its candidates (asks first; --yes when not at a terminal)",
      effect: "delete",
      args: { id: arg.required("job id") },
      examples: ["hire jobs delete job_abc123", "hire jobs delete job_abc123 --yes"],
      async run(ctx, { id }) {
        const client = await ctx.api();
        if (!ctx.settings.yes) {
          const job = ctx.canPrompt ? await getJob(client, id) : void 0;
          const where = await ctx.whereWritten();
          const what = `${job ? `job ${id} ("${String(job.title)}", ${plural(Number(job.candidate_count ?? 0), "candidate")})` : `job ${id}`}${where}`;
          if (!await confirmOrRefuse(ctx, `Delete ${what}? Its candidates and assessment go with it.`, `Refusing to delete ${what}`)) {
            ctx.notice("Nothing was deleted.");
            return;
          }
        }
        await deleteJob(client, id, { onReadBack: (message) => ctx.notice(message) });
        ctx.notice(`Deleted job ${id}${await ctx.whereWritten()}.`);
      }
    });
  }
});

// src/api/candidates.ts
var CANDIDATES_PATH, getCandidate, moveCandidate2;
var init_candidates2 = __esm({
  "src/api/candidates.ts"() {
    "use strict";
    init_records();
    CANDIDATES_PATH = "/candidates";
    getCandidate = (client, id) => getRecord(client, recordPath2(CANDIDATES_PATH, id));
    moveCandidate2 = (client, id, status, options) => patchRecord(client, recordPath2(CANDIDATES_PATH, id), { status }, options);
  }
});

// src/commands/candidates/columns.ts
var CANDIDATE_LIST_COLUMNS, CANDIDATE_DETAIL_COLUMNS;
var init_columns2 = __esm({
  "src/commands/candidates/columns.ts"() {
    "use strict";
    CANDIDATE_LIST_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "name", lines: 2, want: 12 },
      { key: "status", status: true },
      { key: "score" },
      { key: "job_id", header: "JOB", keepWhole: true, drop: 2 },
      { key: "applied_at", header: "APPLIED", time: true, drop: 1 }
    ];
    CANDIDATE_DETAIL_COLUMNS = [
      { key: "id" },
      { key: "name" },
      { key: "email" },
      { key: "status", status: true },
      { key: "score" },
      { key: "job_id" },
      { key: "applied_at" },
      { key: "created_at" },
      { key: "updated_at" }
    ];
  }
});

// src/commands/candidates/list.ts
var list_exports3 = {};
__export(list_exports3, {
  default: () => list_default2
});
var list_default2;
var init_list5 = __esm({
  "src/commands/candidates/list.ts"() {
    "use strict";
    init_candidates2();
    init_vocabulary();
    init_define();
    init_list_flags();
    init_list3();
    init_columns2();
    list_default2 = defineCommand({
      path: ["candidates", "list"],
      summary: "list candidates (GET /candidates)",
      effect: "read",
      flags: {
        status: flag2.enum(CANDIDATE_STATUSES, { help: "only this status: {choices} (comma-separated for several)", many: true }),
        scoreMin: flag2.number({ value: "n", help: "only candidates whose assessment score is at least N (0-100)", min: 0, max: 100 }),
        job: flag2.string({ value: "id", help: "only this job's candidates" }),
        ...LIST_FLAGS
      },
      examples: ["hire candidates list --status review --score-min 80", "hire candidates list --all -o ndjson --resume export.state >> all.ndjson", "hire candidates list --json --fields id,name,score"],
      async run(ctx, options) {
        await runList(ctx, options, {
          path: CANDIDATES_PATH,
          noun: "candidates",
          columns: CANDIDATE_LIST_COLUMNS,
          query: { status: options.status?.join(","), score_min: options.scoreMin, job_id: options.job }
        });
      }
    });
  }
});

// src/commands/candidates/get.ts
var get_exports2 = {};
__export(get_exports2, {
  default: () => get_default2
});
var get_default2;
var init_get2 = __esm({
  "src/commands/candidates/get.ts"() {
    "use strict";
    init_candidates2();
    init_render2();
    init_define();
    init_columns2();
    get_default2 = defineCommand({
      path: ["candidates", "get"],
      summary: "show one candidate",
      effect: "read",
      args: { id: arg.required("candidate id") },
      examples: ["hire candidates get cand_abc123"],
      async run(ctx, { id }) {
        await printRecord(ctx.output, await getCandidate(await ctx.api(), id), CANDIDATE_DETAIL_COLUMNS);
      }
    });
  }
});

// src/commands/candidates/move.ts
var move_exports = {};
__export(move_exports, {
  default: () => move_default
});
async function allowedMoves(client, id) {
  const current = await getCandidate(client, id).then(
    (record4) => String(record4.status),
    () => void 0
  );
  if (!current || !CANDIDATE_STATUSES.includes(current)) return "A candidate moves one step along the pipeline, one step back, or to rejected.";
  const moves = candidateMovesFrom(current);
  if (moves.length === 0) return `${current} is final: the candidate cannot move any more.`;
  const first = moves[0];
  const choices = moves.length === 1 ? first : `${moves.slice(0, -1).join(", ")} or ${moves.at(-1)}`;
  return `From ${current}, the candidate can move to ${choices}: \`hire candidates move ${id} --status ${first}\`.`;
}
var move_default;
var init_move = __esm({
  "src/commands/candidates/move.ts"() {
    "use strict";
    init_candidates2();
    init_candidate();
    init_vocabulary();
    init_errors();
    init_render2();
    init_define();
    init_columns2();
    init_confirm();
    move_default = defineCommand({
      path: ["candidates", "move"],
      summary: "change a candidate's status: one step along the pipeline, one back, or to rejected",
      effect: "write",
      args: { id: arg.required("candidate id") },
      flags: {
        status: flag2.enum(CANDIDATE_STATUSES, { help: "the new status: {choices}", required: `--status is required: one of ${CANDIDATE_STATUSES.join(", ")}.` })
      },
      examples: ["hire candidates move cand_abc123 --status interview", "hire candidates move cand_abc123 --status rejected"],
      async run(ctx, { id, status }) {
        if (!await confirmProductionWrite(ctx, `Move candidate ${id} to ${status}`)) return;
        const client = await ctx.api();
        const moved = await moveCandidate2(client, id, status, { onReadBack: (message) => ctx.notice(message) }).catch(async (error) => {
          throw error instanceof ApiError && error.status === 409 ? withHint(error, await allowedMoves(client, id)) : error;
        });
        await printRecord(ctx.output, moved, CANDIDATE_DETAIL_COLUMNS);
      }
    });
  }
});

// src/api/assessments.ts
async function createAssessment2(client, input2) {
  const { record: record4, meta } = await postRecord(client, ASSESSMENTS_PATH, input2);
  const time2 = meta.assessment_generation_time;
  return { assessment: record4, generationMs: typeof time2 === "number" ? time2 : void 0 };
}
var ASSESSMENTS_PATH, getAssessment;
var init_assessments3 = __esm({
  "src/api/assessments.ts"() {
    "use strict";
    init_records();
    ASSESSMENTS_PATH = "/assessments";
    getAssessment = (client, id) => getRecord(client, recordPath2(ASSESSMENTS_PATH, id));
  }
});

// src/commands/assessments/columns.ts
function assessmentView(assessment, extra = []) {
  return {
    extra,
    drawn: ASSESSMENT_DETAIL_COLUMNS.filter((column) => !SHOWN_BELOW.has(column.key)),
    sections(width, paint) {
      const questions = Array.isArray(assessment.questions) ? assessment.questions : [];
      return [
        { heading: "Settings", lines: labelled(settingRows(assessment), width, paint) },
        { heading: `Questions (${questions.length})`, lines: questionLines(questions, width, paint) }
      ];
    }
  };
}
var ASSESSMENT_LIST_COLUMNS, ASSESSMENT_DETAIL_COLUMNS, SHOWN_BELOW;
var init_columns3 = __esm({
  "src/commands/assessments/columns.ts"() {
    "use strict";
    init_detail();
    ASSESSMENT_LIST_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "job_id", header: "JOB", keepWhole: true },
      { key: "status", status: true },
      { key: "question_count", header: "QUESTIONS" }
    ];
    ASSESSMENT_DETAIL_COLUMNS = [
      { key: "id" },
      { key: "job_id" },
      { key: "status", status: true },
      { key: "question_count" },
      { key: "time_limit" },
      { key: "proctoring" },
      { key: "question_types" },
      { key: "questions", format: (value) => Array.isArray(value) ? `${value.length} questions (--json shows them)` : String(value) },
      { key: "created_at" },
      { key: "updated_at" }
    ];
    SHOWN_BELOW = /* @__PURE__ */ new Set(["question_count", "time_limit", "proctoring", "question_types", "questions"]);
  }
});

// src/commands/assessments/create.ts
var create_exports2 = {};
__export(create_exports2, {
  default: () => create_default2
});
function jsonObject(flag3, text4) {
  let value;
  try {
    value = JSON.parse(text4);
  } catch (error) {
    throw new UsageError(`${flag3} is not valid JSON (${error.message}).`);
  }
  if (!isPlainObject(value)) throw new UsageError(`${flag3} must be a JSON object, such as '{"question_count": 8}'.`);
  return value;
}
var FLAGS, create_default2;
var init_create2 = __esm({
  "src/commands/assessments/create.ts"() {
    "use strict";
    init_assessments3();
    init_assessment();
    init_vocabulary();
    init_merge();
    init_errors();
    init_detail();
    init_define();
    init_fields();
    init_job_flags();
    init_input();
    init_columns3();
    init_confirm();
    FLAGS = {
      job: flag2.string({ value: "id", help: "the job to generate questions for", field: "job_id" }),
      // Checked by the assessment schema with --data's and the file's fields, naming field and flag.
      questionCount: flag2.fieldNumber({ value: "n", help: "questions, 5-20", field: "question_count", ...QUESTION_COUNT_RANGE }),
      timeLimit: flag2.fieldNumber({ value: "seconds", help: "time limit, 300-1800 s", field: "time_limit", ...TIME_LIMIT_RANGE }),
      questionType: flag2.enum(QUESTION_TYPES, { value: "type", help: "{choices} (repeatable, or comma-separated)", many: true, field: "question_types" }),
      proctoring: flag2.boolean({ help: "enable anti-cheating proctoring", field: "proctoring" }),
      data: flag2.string({ value: "json", help: "more fields as a JSON object (flags win)" }),
      fromFile: flag2.string({ value: "file", help: "fields from a JSON or YAML file (- for stdin)" })
    };
    create_default2 = defineCommand({
      path: ["assessments", "create"],
      summary: "create an assessment (POST /assessments)",
      effect: "write",
      flags: FLAGS,
      examples: ["hire assessments create --job job_abc123 --question-count 8", `hire assessments create --job job_abc123 --data '{"time_limit": 600}' --json`],
      async run(ctx, flags) {
        let body = {};
        if (flags.fromFile !== void 0) {
          const document = await parseDocument("--from-file", flags.fromFile, await readTextInput(ctx, "--from-file", flags.fromFile));
          if (!isPlainObject(document)) throw new UsageError(`--from-file ${inputName(flags.fromFile)}: must hold a JSON or YAML object.`);
          body = document;
        }
        if (flags.data !== void 0) body = overlay(body, jsonObject("--data", flags.data));
        body = { ...body, ...fieldsFromOptions(FLAGS, flags).input };
        const result = validateAssessmentInput(body);
        if (!result.ok) {
          const errors = Object.assign(dictionary(), result.errors);
          if (body.job_id === void 0 && body.title === void 0) {
            errors.job_id = 'is required (or "title", with --data or --from-file, to generate questions from a title alone)';
          }
          throw new ValidationError("The assessment is not valid; nothing was sent.", errors, {
            labelField: (field2) => {
              const flag3 = flagForField(FLAGS, field2);
              return flag3 ? `${field2} (${flag3})` : field2;
            }
          });
        }
        const unknown2 = unknownAssessmentFields(body);
        if (unknown2.length > 0) ctx.warn(`Sending ${unknown2.length === 1 ? "a field" : "fields"} the API spec does not show, unchecked: ${unknown2.join(", ")}.`);
        if (!await confirmProductionWrite(ctx, `Create an assessment${result.value.job_id ? ` for job ${result.value.job_id}` : ""}`)) return;
        const { assessment, generationMs } = await createAssessment2(await ctx.api(), result.value);
        const extra = generationMs !== void 0 ? [["assessment_generation_time", `${generationMs} ms`]] : [];
        await printDetail(ctx.output, assessment, ASSESSMENT_DETAIL_COLUMNS, assessmentView(assessment, extra));
      }
    });
  }
});

// src/commands/assessments/get.ts
var get_exports3 = {};
__export(get_exports3, {
  default: () => get_default3
});
var get_default3;
var init_get3 = __esm({
  "src/commands/assessments/get.ts"() {
    "use strict";
    init_assessments3();
    init_detail();
    init_define();
    init_columns3();
    get_default3 = defineCommand({
      path: ["assessments", "get"],
      summary: "show one assessment with its questions",
      effect: "read",
      args: { id: arg.required("assessment id") },
      examples: ["hire assessments get asmt_abc123", "hire assessments get asmt_abc123 --json"],
      async run(ctx, { id }) {
        const assessment = await getAssessment(await ctx.api(), id);
        await printDetail(ctx.output, assessment, ASSESSMENT_DETAIL_COLUMNS, assessmentView(assessment));
      }
    });
  }
});

// src/commands/assessments/list.ts
var list_exports4 = {};
__export(list_exports4, {
  default: () => list_default3
});
var list_default3;
var init_list6 = __esm({
  "src/commands/assessments/list.ts"() {
    "use strict";
    init_assessments3();
    init_define();
    init_list_flags();
    init_list3();
    init_columns3();
    list_default3 = defineCommand({
      path: ["assessments", "list"],
      summary: "list assessments (GET /assessments)",
      effect: "read",
      flags: {
        job: flag2.string({ value: "id", help: "only this job's assessments" }),
        ...LIST_FLAGS
      },
      examples: ["hire assessments list --job job_abc123", "hire assessments list --all -o ndjson > assessments.ndjson", "hire assessments list --json --fields id,job_id,question_count"],
      async run(ctx, options) {
        await runList(ctx, options, {
          path: ASSESSMENTS_PATH,
          noun: "assessments",
          columns: ASSESSMENT_LIST_COLUMNS,
          query: { job_id: options.job }
        });
      }
    });
  }
});

// src/api/analytics.ts
var analytics_exports = {};
__export(analytics_exports, {
  getAnalytics: () => getAnalytics
});
async function getAnalytics(client, query) {
  const { data, meta } = await client.request("GET", "/analytics", { query: { ...query } });
  const parsed = RecordSchema.safeParse(data);
  if (!parsed.success) throw unexpectedShape("GET /analytics", "an object", meta.request_id);
  return parsed.data;
}
var init_analytics3 = __esm({
  "src/api/analytics.ts"() {
    "use strict";
    init_envelope();
    init_errors2();
  }
});

// src/commands/analytics/show.ts
var show_exports = {};
__export(show_exports, {
  default: () => show_default,
  metrics: () => metrics
});
function metrics(data) {
  const rows = [["metric", "value"]];
  const guard = (name) => /^[=+\-@\t\r]/.test(name) ? `'${name}` : name;
  const walk = (value, path) => {
    if (typeof value === "number") rows.push([guard(inert(path)), String(value)]);
    else if (value === null && path.endsWith("average_score")) rows.push([guard(inert(path)), ""]);
    else if (Array.isArray(value) && path === "funnel") {
      for (const step of value) if (typeof step?.count === "number") rows.push([guard(inert(`funnel.${String(step.status)}`)), String(step.count)]);
    } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) if (key !== "filters") walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(data, "");
  return rows;
}
async function summary(out, data) {
  const paint = await out.painter("stdout");
  const text4 = (value) => inert(String(value));
  const section = (value) => value !== null && typeof value === "object" ? value : {};
  const counts = (value) => Object.entries(section(value)).filter(([, count3]) => typeof count3 === "number" && count3 > 0).map(([status, count3]) => `${paint.status(text4(status))}${KEEP}${String(count3)}`).join(", ");
  const jobs = section(data.jobs);
  const candidates = section(data.candidates);
  const assessments = section(data.assessments);
  const funnel = Array.isArray(data.funnel) ? data.funnel : [];
  const filters = section(data.filters);
  const scope = [
    filters.job_id ? `job ${text4(filters.job_id)}` : "all jobs",
    filters.from ? `from ${text4(String(filters.from).slice(0, 10))}` : "",
    filters.to ? `to ${text4(String(filters.to).slice(0, 10))}` : ""
  ].filter(Boolean).join(" ");
  const average = candidates.average_score === null || candidates.average_score === void 0 ? "no scores yet" : `average score ${text4(candidates.average_score)}`;
  const rows = [
    ["Jobs", `${text4(jobs.total ?? 0)}${counts(jobs.by_status) ? ` (${counts(jobs.by_status)})` : ""}`],
    ["Candidates", `${text4(candidates.total ?? 0)}, ${text4(candidates.assessed ?? 0)} assessed, ${average}${counts(candidates.by_status) ? ` (${counts(candidates.by_status)})` : ""}`],
    ["Assessments", `${text4(assessments.generated ?? 0)} generated`]
  ];
  if (funnel.length > 0) rows.push(["Funnel", funnel.map((step) => `${text4(step.status)}${KEEP}${text4(step.count)}`).join(" \u2192 ")]);
  const lines = [`${paint.bold("Analytics")} (${scope})`];
  for (const [label2, value] of rows) lines.push(...hanging2(`  ${label2.padEnd(13)}`, value, out.isStdoutTTY ? out.columns : void 0));
  return `${lines.join("\n")}
`;
}
function hanging2(prefix, value, width) {
  const room = width && width > prefix.length + 10 ? width - prefix.length : Number.POSITIVE_INFINITY;
  const seen = (word) => displayWidth(word.replace(/\u001b\[[0-9;]*m/g, ""));
  const lines = [];
  let current = "";
  for (const word of value.split(" ")) {
    if (current !== "" && seen(current) + 1 + seen(word) > room) {
      lines.push(current);
      current = word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines.map((line, index) => (index === 0 ? prefix : " ".repeat(prefix.length)) + line.replaceAll(KEEP, " "));
}
var bound, show_default, KEEP;
var init_show = __esm({
  "src/commands/analytics/show.ts"() {
    "use strict";
    init_analytics3();
    init_analytics();
    init_cells();
    init_define();
    bound = (name, help) => flag2.parsed((text4) => parseDateBound(text4, name) ? text4 : void 0, {
      value: "date",
      example: "2026-11-01",
      help,
      message: `--${name} must be a date such as 2026-11-01, or an ISO 8601 time (got "{value}").`
    });
    show_default = defineCommand({
      path: ["analytics"],
      summary: "hiring analytics: jobs, candidates, scores and the funnel (GET /analytics)",
      effect: "read",
      flags: {
        job: flag2.string({ value: "id", help: "one job only" }),
        from: bound("from", "from this date (2026-11-01) or ISO 8601 time"),
        to: bound("to", "up to this date (inclusive) or time")
      },
      examples: ["hire analytics", "hire analytics --job job_abc123 --from 2026-11-01 --json"],
      async run(ctx, flags) {
        const data = await getAnalytics(await ctx.api(), { job_id: flags.job, from: flags.from, to: flags.to });
        const format = ctx.settings.format;
        if (format === "json") {
          ctx.io.stdout.write(`${inertJson(data, 2)}
`);
          return;
        }
        if (format === "ndjson") {
          ctx.io.stdout.write(`${inertJson(data)}
`);
          return;
        }
        if (format === "csv") {
          const { csvRow: csvRow2 } = await Promise.resolve().then(() => (init_render2(), render_exports));
          ctx.io.stdout.write(metrics(data).map((row) => `${csvRow2(row)}\r
`).join(""));
          return;
        }
        ctx.io.stdout.write(await summary(ctx.output, data));
      }
    });
    KEEP = "\0";
  }
});

// src/api/webhooks.ts
var webhooks_exports = {};
__export(webhooks_exports, {
  DELIVERIES_PATH: () => DELIVERIES_PATH,
  WEBHOOKS_PATH: () => WEBHOOKS_PATH,
  createWebhook: () => createWebhook,
  deliveriesPath: () => deliveriesPath,
  removeWebhook: () => removeWebhook
});
async function createWebhook(client, input2) {
  return (await postRecord(client, WEBHOOKS_PATH, input2)).record;
}
var WEBHOOKS_PATH, DELIVERIES_PATH, deliveriesPath, removeWebhook;
var init_webhooks2 = __esm({
  "src/api/webhooks.ts"() {
    "use strict";
    init_records();
    WEBHOOKS_PATH = "/webhooks";
    DELIVERIES_PATH = "/deliveries";
    deliveriesPath = (id) => `${recordPath2(WEBHOOKS_PATH, id)}/deliveries`;
    removeWebhook = (client, id, options) => deleteRecord(client, recordPath2(WEBHOOKS_PATH, id), options);
  }
});

// src/commands/webhooks/columns.ts
var WEBHOOK_LIST_COLUMNS, WEBHOOK_DETAIL_COLUMNS;
var init_columns4 = __esm({
  "src/commands/webhooks/columns.ts"() {
    "use strict";
    WEBHOOK_LIST_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "url", url: true, want: 24 },
      { key: "events", lines: 3, drop: 2 },
      { key: "status", status: true },
      { key: "created_at", header: "CREATED", time: true, drop: 1 }
    ];
    WEBHOOK_DETAIL_COLUMNS = [
      { key: "id" },
      { key: "url" },
      { key: "events" },
      { key: "status", status: true },
      { key: "secret" },
      { key: "created_at" }
    ];
  }
});

// src/commands/webhooks/event-kinds.ts
var eventKindsFlag;
var init_event_kinds = __esm({
  "src/commands/webhooks/event-kinds.ts"() {
    "use strict";
    init_vocabulary();
    init_define();
    eventKindsFlag = (name, help) => flag2.enum(EVENT_KINDS, { value: name === "events" ? "kinds" : "kind", help, many: true, message: `--${name} {value}: not an event kind. Kinds: ${EVENT_KINDS.join(", ")}.` });
  }
});

// src/commands/webhooks/add.ts
var add_exports = {};
__export(add_exports, {
  default: () => add_default
});
var LABELS2, add_default;
var init_add = __esm({
  "src/commands/webhooks/add.ts"() {
    "use strict";
    init_webhooks2();
    init_webhook();
    init_errors();
    init_render2();
    init_signature();
    init_define();
    init_input();
    init_columns4();
    init_event_kinds();
    init_confirm();
    LABELS2 = { url: "url (--url)", events: "events (--event)", secret: "secret (--secret-stdin)" };
    add_default = defineCommand({
      path: ["webhooks", "add"],
      summary: "register a webhook (POST /webhooks); the signing secret is printed once",
      effect: "write",
      flags: {
        url: flag2.string({ help: "the address that receives events (https)" }),
        event: eventKindsFlag("event", "an event kind, repeatable or comma-separated: {choices}"),
        secretStdin: flag2.boolean({ help: "read the signing secret from stdin instead of generating one" })
      },
      examples: [
        "hire webhooks add --url https://example.com/hooks --event job.created",
        "hire webhooks add --url https://x.example --event job.created --secret-stdin"
      ],
      async run(ctx, flags) {
        const generated = !flags.secretStdin;
        const secret = generated ? generateSecret() : (await readTextInput(ctx, "--secret-stdin", "-")).trim();
        const result = validateWebhookInput({ url: flags.url, events: flags.event ?? [], secret });
        if (!result.ok) {
          const hint = result.errors.events === "is required" || result.errors.url === "is required" ? "Pass --url URL and at least one --event KIND." : void 0;
          throw new ValidationError("The webhook is not valid; nothing was sent.", result.errors, {
            labelField: (field2) => LABELS2[field2.replace(/\[\d+\]$/, "")] ?? field2,
            ...hint ? { hint } : {}
          });
        }
        if (!await confirmProductionWrite(ctx, `Register a webhook for ${result.value.url}`)) return;
        const record4 = await createWebhook(await ctx.api(), result.value);
        await printRecord(ctx.output, generated ? { ...record4, secret } : record4, WEBHOOK_DETAIL_COLUMNS);
        if (generated) ctx.notice("Save the secret now: it is shown only this once. Deliveries are signed with it.");
      }
    });
  }
});

// src/commands/webhooks/list.ts
var list_exports5 = {};
__export(list_exports5, {
  default: () => list_default4
});
var list_default4;
var init_list7 = __esm({
  "src/commands/webhooks/list.ts"() {
    "use strict";
    init_webhooks2();
    init_define();
    init_list_flags();
    init_list3();
    init_columns4();
    list_default4 = defineCommand({
      path: ["webhooks", "list"],
      summary: "list registered webhooks",
      effect: "read",
      flags: LIST_FLAGS,
      examples: ["hire webhooks list", "hire webhooks list --json"],
      async run(ctx, options) {
        await runList(ctx, options, { path: WEBHOOKS_PATH, noun: "webhooks", columns: WEBHOOK_LIST_COLUMNS });
      }
    });
  }
});

// src/commands/webhooks/deliveries.ts
var deliveries_exports = {};
__export(deliveries_exports, {
  default: () => deliveries_default
});
var COLUMNS2, deliveries_default;
var init_deliveries = __esm({
  "src/commands/webhooks/deliveries.ts"() {
    "use strict";
    init_webhooks2();
    init_define();
    init_list_flags();
    init_list3();
    COLUMNS2 = [
      { key: "id", keepWhole: true },
      { key: "event_type", header: "EVENT", lines: 2 },
      { key: "event_id", header: "EVENT ID", keepWhole: true, drop: 1 },
      { key: "state", status: true },
      { key: "attempts", short: "TRIES", format: (value) => Array.isArray(value) ? String(value.length) : "" },
      {
        key: "last_answer",
        header: "LAST ANSWER",
        value: (record4) => {
          const attempts = record4.attempts;
          const last = attempts?.at(-1);
          return last ? last.response_status ?? last.error : void 0;
        }
      },
      { key: "next_attempt_at", header: "NEXT ATTEMPT", short: "NEXT", time: true }
    ];
    deliveries_default = defineCommand({
      path: ["webhooks", "deliveries"],
      summary: "a webhook's delivery log: every attempt of every event",
      effect: "read",
      args: { id: arg.required("webhook id") },
      flags: LIST_FLAGS,
      examples: ["hire webhooks deliveries wh_abc123", "hire webhooks deliveries wh_abc123 --json"],
      async run(ctx, options) {
        await runList(ctx, options, { path: deliveriesPath(options.id), noun: "deliveries", columns: COLUMNS2 });
      }
    });
  }
});

// src/webhooks/receiver.ts
async function receive(req, res, options) {
  const receivedAt = (/* @__PURE__ */ new Date()).toISOString();
  const answer = (status, body2) => {
    res.writeHead(status, { "content-type": "application/json", ...status === 413 ? { connection: "close" } : {} });
    res.end(JSON.stringify(body2));
  };
  if (req.method !== "POST") {
    answer(405, { error: "deliveries are POST requests" });
    return void 0;
  }
  const header2 = (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header2("webhook-id") ?? null;
  let body;
  try {
    body = await readLimited(req, MAX_DELIVERY_BYTES);
  } catch (error) {
    const reason2 = error.message;
    if (reason2 === "too large") answer(413, { error: `delivery larger than ${MAX_DELIVERY_BYTES} bytes` });
    return { received_at: receivedAt, id, type: null, valid: false, reason: reason2 === "too large" ? "body too large" : reason2 };
  }
  const check2 = verify({ secret: options.secret, id: id ?? void 0, timestamp: header2("webhook-timestamp"), signature: header2("webhook-signature"), body });
  if (!check2.valid) {
    answer(401, { error: check2.reason });
    return { received_at: receivedAt, id, type: null, valid: false, reason: check2.reason };
  }
  let event;
  try {
    event = JSON.parse(body);
    if (event === null || typeof event !== "object") throw new Error("not an object");
  } catch {
    answer(400, { error: "the body is not a JSON event" });
    return { received_at: receivedAt, id, type: null, valid: false, reason: "body is not a JSON event" };
  }
  const type = typeof event.type === "string" ? event.type : null;
  while (id && options.relaying.has(id)) await options.relaying.get(id);
  if (id && options.seen.has(id)) {
    answer(200, { received: true, duplicate: true });
    return { received_at: receivedAt, id, type, valid: true, duplicate: true };
  }
  if (options.kinds && type && !options.kinds.includes(type)) {
    answer(200, { received: true, ignored: true });
    return void 0;
  }
  const entry = { received_at: receivedAt, id, type, valid: true, data: event.data };
  if (options.forwardTo) {
    const forwarded = relay(options.forwardTo, body, req).then((outcome) => {
      entry.forwarded = outcome;
      const relayed2 = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      if (relayed2) remember(options.seen, id);
      if (id) options.relaying.delete(id);
      return relayed2;
    });
    if (id) options.relaying.set(id, forwarded.then(() => void 0));
    const relayed = await forwarded;
    answer(relayed ? 200 : 502, relayed ? { received: true } : { error: `relay answered ${entry.forwarded.status ?? entry.forwarded.error}` });
    return entry;
  }
  answer(200, { received: true });
  remember(options.seen, id);
  return entry;
}
function remember(seen, id) {
  if (!id) return;
  seen.add(id);
  if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value);
}
function readLimited(req, limit) {
  return new Promise((resolve2, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        reject(new Error("too large"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve2(Buffer.concat(chunks).toString("utf8")));
    req.on("error", (error) => reject(error));
    req.on("aborted", () => reject(new Error("the sender closed the connection")));
  });
}
async function relay(target, body, req) {
  const headers = { "content-type": "application/json" };
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  try {
    const response = await fetch(target, { method: "POST", headers, body, signal: AbortSignal.timeout(RECEIVE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { status: null, error: error.cause ? String(error.cause.message) : error.message };
  }
}
var MAX_DELIVERY_BYTES, RECEIVE_TIMEOUT_MS, REMEMBERED_IDS;
var init_receiver = __esm({
  "src/webhooks/receiver.ts"() {
    "use strict";
    init_signature();
    MAX_DELIVERY_BYTES = 1024 * 1024;
    RECEIVE_TIMEOUT_MS = 1e4;
    REMEMBERED_IDS = 1e4;
  }
});

// src/files/mutex.ts
import { closeSync as closeSync3, openSync as openSync3, readFileSync as readFileSync8, unlinkSync as unlinkSync2, writeSync as writeSync2 } from "node:fs";
import { setTimeout as sleep3 } from "node:timers/promises";
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
async function withFileLock(path, work, options = {}) {
  const deadline = Date.now() + (options.waitMs ?? 1e4);
  const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  for (; ; ) {
    try {
      const fd = openSync3(path, "wx", 384);
      try {
        writeSync2(fd, token);
      } finally {
        closeSync3(fd);
      }
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    let holder = "";
    try {
      holder = readFileSync8(path, "utf8");
    } catch {
      continue;
    }
    const pid = Number(holder.split(":")[0]);
    if (holder !== "" && Number.isInteger(pid) && !alive(pid)) {
      try {
        if (readFileSync8(path, "utf8") === holder) unlinkSync2(path);
      } catch {
      }
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${path} has been locked by process ${holder.split(":")[0] || "?"} for too long.`);
    await sleep3(10 + Math.random() * 10);
  }
  try {
    return await work();
  } finally {
    try {
      if (readFileSync8(path, "utf8") === token) unlinkSync2(path);
    } catch {
    }
  }
}
var init_mutex = __esm({
  "src/files/mutex.ts"() {
    "use strict";
  }
});

// src/config/store.ts
var store_exports = {};
__export(store_exports, {
  updateConfig: () => updateConfig
});
import { chmodSync as chmodSync3, mkdirSync as mkdirSync3 } from "node:fs";
import { join as join8 } from "node:path";
async function updateConfig(env, change2) {
  const dir = configDir(env);
  mkdirSync3(dir, { recursive: true, mode: 448 });
  chmodSync3(dir, 448);
  const path = configFilePath(env);
  const { default: Conf } = await import("conf");
  return withFileLock(join8(dir, "config.json.lock"), () => {
    let conf;
    try {
      conf = new Conf({
        cwd: dir,
        configName: "config",
        configFileMode: 384,
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false
      });
    } catch (error) {
      throw invalidConfig(path, error.message);
    }
    const config = checkConfig(path, conf.store);
    change2(config);
    conf.store = config;
    chmodSync3(path, 384);
    return config;
  });
}
var init_store2 = __esm({
  "src/config/store.ts"() {
    "use strict";
    init_mutex();
    init_paths();
    init_profiles();
  }
});

// src/commands/webhooks/listeners.ts
import { existsSync as existsSync2, readFileSync as readFileSync9 } from "node:fs";
function alive2(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  if (!existsSync2("/proc/self/stat")) return true;
  try {
    const stat = readFileSync9(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
async function change(ctx, profile, edit) {
  const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
  await updateConfig2(ctx.env, (config) => {
    const entries = edit([...config.listen_webhooks?.[profile] ?? []]);
    const all = { ...config.listen_webhooks };
    if (entries.length > 0) all[profile] = entries;
    else delete all[profile];
    if (Object.keys(all).length > 0) config.listen_webhooks = all;
    else delete config.listen_webhooks;
  });
  ctx.configChanged();
}
async function listenersOf(ctx, profile, baseUrl) {
  const { readConfig: readConfig2 } = await Promise.resolve().then(() => (init_profiles(), profiles_exports));
  return (readConfig2(ctx.env).listen_webhooks?.[profile] ?? []).filter((entry) => entry.base_url === baseUrl);
}
async function removeOrphans(ctx, profile, client) {
  const dead = (await listenersOf(ctx, profile, client.baseUrl)).filter((entry) => !alive2(entry.pid));
  if (dead.length === 0) return [];
  const removed = [];
  const remove = async (id, url) => {
    try {
      await removeWebhook(client, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      throw error;
    }
    removed.push(id);
    ctx.notice(`Removed webhook ${inert(id)} (${inert(url)}), left by a listener that did not stop cleanly.`);
  };
  for (const entry of dead) if (entry.webhook_id) await remove(entry.webhook_id, entry.url);
  const unknown2 = new Set(dead.filter((entry) => !entry.webhook_id).map((entry) => entry.url));
  if (unknown2.size > 0) {
    for await (const page of paginate(client, WEBHOOKS_PATH, { per_page: 100 }, { all: true })) {
      for (const webhook of page) {
        if (typeof webhook.url !== "string" || !unknown2.has(webhook.url) || typeof webhook.id !== "string") continue;
        const live = (await listenersOf(ctx, profile, client.baseUrl)).some((entry) => entry.url === webhook.url && alive2(entry.pid));
        if (!live) await remove(webhook.id, webhook.url);
      }
    }
  }
  await change(ctx, profile, (current) => current.filter((entry) => !dead.some((gone) => same(gone, entry))));
  return removed;
}
var same, recordListener, registeredListener, forgetListener;
var init_listeners = __esm({
  "src/commands/webhooks/listeners.ts"() {
    "use strict";
    init_paginate();
    init_webhooks2();
    init_errors();
    init_cells();
    same = (a, b) => a.pid === b.pid && a.url === b.url && a.base_url === b.base_url;
    recordListener = (ctx, profile, entry) => change(ctx, profile, (entries) => [...entries.filter((item) => !same(item, entry)), entry]);
    registeredListener = (ctx, profile, entry, webhookId) => change(ctx, profile, (entries) => entries.map((item) => same(item, entry) ? { ...item, webhook_id: webhookId } : item));
    forgetListener = (ctx, profile, entry) => change(ctx, profile, (entries) => entries.filter((item) => !same(item, entry)));
  }
});

// src/commands/webhooks/listen.ts
var listen_exports = {};
__export(listen_exports, {
  default: () => listen_default
});
import { createServer as createServer2 } from "node:http";
function senderText(text4) {
  const word = inert(text4).replace(/[\s\p{Cf}]/gu, (char) => {
    const hex = char.codePointAt(0).toString(16);
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
  });
  const chars = [...word];
  return chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join("")}\u2026` : word;
}
async function listenerSecret(ctx, rotate) {
  const name = (await ctx.profile()).name;
  const kept = (await ctx.config()).listen_secrets?.[name];
  if (kept && !rotate) return kept;
  const secret = generateSecret();
  const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
  await updateConfig2(ctx.env, (config) => {
    config.listen_secrets = { ...config.listen_secrets, [name]: secret };
  });
  ctx.configChanged();
  return secret;
}
var SHOWN_CHARS, listen_default;
var init_listen = __esm({
  "src/commands/webhooks/listen.ts"() {
    "use strict";
    init_webhooks2();
    init_vocabulary();
    init_errors();
    init_cells();
    init_receiver();
    init_signature();
    init_define();
    init_input();
    init_event_kinds();
    init_confirm();
    init_listeners();
    SHOWN_CHARS = 100;
    listen_default = defineCommand({
      path: ["webhooks", "listen"],
      summary: "receive deliveries locally: verify, print, relay (like stripe listen)",
      effect: "write",
      flags: {
        port: flag2.number({ value: "port", help: "port to listen on (0 = any free port)", default: "0", integer: true, min: 0, max: 65535 }),
        secret: flag2.string({ help: "the signing secret (prefer --secret-stdin: arguments show up in ps)" }),
        secretStdin: flag2.boolean({ help: "read the signing secret from stdin" }),
        events: eventKindsFlag("events", "only these event kinds, comma-separated: {choices}; also what --register subscribes to"),
        forwardTo: flag2.string({ value: "url", help: "relay verified deliveries to this URL" }),
        register: flag2.boolean({ help: "register a webhook for this listener on the current profile, removed on exit" }),
        printSecret: flag2.boolean({ help: "print the profile's listener secret (what --register signs with) and exit" }),
        rotateSecret: flag2.boolean({ help: "make a new listener secret for the profile (with --print-secret or --register)" })
      },
      examples: [
        "hire webhooks listen --register",
        "hire webhooks listen --register --forward-to http://localhost:3000/hooks",
        "hire webhooks listen --print-secret > secret.txt"
      ],
      async run(ctx, flags) {
        const { port, events: kinds } = flags;
        if (flags.secret !== void 0 && flags.secretStdin) throw new UsageError("Pass --secret or --secret-stdin, not both.");
        let forwardTo;
        if (flags.forwardTo !== void 0) {
          try {
            forwardTo = new URL(flags.forwardTo);
          } catch {
            throw new UsageError(`--forward-to "${flags.forwardTo}" is not a URL.`);
          }
          if (forwardTo.protocol !== "http:" && forwardTo.protocol !== "https:") throw new UsageError("--forward-to must be an http or https URL.");
        }
        if ((flags.printSecret || flags.rotateSecret) && (flags.secret !== void 0 || flags.secretStdin)) {
          throw new UsageError("--print-secret and --rotate-secret are about the listener secret kept for the profile: not with --secret or --secret-stdin.");
        }
        if (flags.rotateSecret && !flags.printSecret && !flags.register) throw new UsageError("--rotate-secret goes with --print-secret or --register.");
        if (flags.printSecret) {
          ctx.io.stdout.write(`${await listenerSecret(ctx, flags.rotateSecret === true)}
`);
          return;
        }
        let secret = flags.secret ?? (flags.secretStdin ? (await readTextInput(ctx, "--secret-stdin", "-")).trim() : void 0);
        if (secret === void 0) {
          if (!flags.register) throw new UsageError("Pass the signing secret with --secret or --secret-stdin, or use --register (it signs with the profile's listener secret).");
          secret = await listenerSecret(ctx, flags.rotateSecret === true);
        }
        if (secret === "") throw new UsageError("The secret is empty.");
        if (flags.register && !await confirmProductionWrite(ctx, "Register a webhook for this listener (removed when it stops)")) return;
        const seen = /* @__PURE__ */ new Set();
        const relaying = /* @__PURE__ */ new Map();
        const json = ctx.settings.format === "json";
        const paint = await ctx.painter("stdout");
        const print2 = (entry) => {
          if (json) {
            ctx.io.stdout.write(`${inertJson(entry)}
`);
            return;
          }
          const time2 = entry.received_at.slice(11, 19);
          const verdict = entry.valid ? paint.green(entry.duplicate ? "[duplicate, not relayed]" : "[valid]") : paint.red(`[invalid: ${inert(entry.reason ?? "")}]`);
          const what = entry.valid ? `${senderText(entry.type ?? "?")} ${senderText(entry.id ?? "")}` : entry.id ? senderText(entry.id) : "(no webhook-id)";
          ctx.io.stdout.write(`${time2}  ${verdict} --> ${what}
`);
          if (entry.forwarded) {
            const status = entry.forwarded.status ?? inert(entry.forwarded.error ?? "no answer");
            ctx.io.stdout.write(`${time2}  <-- ${status}
`);
          }
        };
        const server = createServer2((req, res) => {
          void receive(req, res, { secret, kinds, forwardTo, seen, relaying }).then((entry) => {
            if (entry) print2(entry);
          });
        });
        server.requestTimeout = RECEIVE_TIMEOUT_MS;
        server.headersTimeout = RECEIVE_TIMEOUT_MS;
        let signal;
        let stop;
        const stopped = new Promise((resolve2) => stop = () => resolve2(void 0));
        const removeInterrupt = ctx.io.onInterrupt((received) => {
          signal ??= received;
          stop();
        });
        let webhookId;
        let listener;
        try {
          await new Promise((resolve2, reject) => {
            server.once(
              "error",
              (error) => reject(
                error.code === "EADDRINUSE" ? new HireError(`Port ${port} is already in use.`, { exitCode: ExitCode.failure, code: "port_in_use", hint: "Pass --port 0 for any free port." }) : error
              )
            );
            server.listen(port, "127.0.0.1", resolve2);
          });
          const address = `http://127.0.0.1:${server.address().port}`;
          ctx.io.stderr.write(`Listening on ${address}${forwardTo ? `, relaying valid deliveries to ${forwardTo.href}` : ""}. Ctrl-C stops.
`);
          if (flags.register) {
            const client = await ctx.api();
            const profile = (await ctx.profile()).name;
            await removeOrphans(ctx, profile, client);
            listener = { profile, entry: { url: `${address}/`, pid: process.pid, base_url: client.baseUrl } };
            await recordListener(ctx, listener.profile, listener.entry);
            const registering = createWebhook(client, { url: listener.entry.url, events: kinds ?? [...EVENT_KINDS], secret });
            registering.catch(() => void 0);
            let registered;
            try {
              registered = await Promise.race([registering, stopped]);
            } catch (error) {
              if (error instanceof ApiError) await forgetListener(ctx, listener.profile, listener.entry);
              throw error;
            }
            if (registered) {
              webhookId = String(registered.id);
              await registeredListener(ctx, listener.profile, listener.entry, webhookId);
              ctx.notice(`Registered webhook ${webhookId} for ${kinds ? kinds.join(", ") : "every event kind"}; it is removed when this stops.`);
              await ctx.releaseApi();
            } else client.abort();
          }
          await stopped;
        } finally {
          removeInterrupt();
          await new Promise((resolve2) => {
            server.close(() => resolve2());
            server.closeAllConnections();
          });
        }
        if (webhookId) {
          await removeWebhook(await ctx.api(), webhookId);
          ctx.notice(`Removed webhook ${webhookId}.`);
          if (listener) await forgetListener(ctx, listener.profile, listener.entry);
        }
        if (signal === "SIGINT") ctx.exitCode = ExitCode.interrupted;
      }
    });
  }
});

// src/commands/webhooks/verify.ts
var verify_exports = {};
__export(verify_exports, {
  default: () => verify_default
});
import { readFile } from "node:fs/promises";
function listed(names) {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
var verify_default;
var init_verify = __esm({
  "src/commands/webhooks/verify.ts"() {
    "use strict";
    init_errors();
    init_signature();
    init_define();
    init_input();
    init_cells();
    verify_default = defineCommand({
      path: ["webhooks", "verify"],
      summary: "check one delivery offline: exit 0 when valid, 3 when not",
      effect: "read",
      flags: {
        secret: flag2.string({ help: "the signing secret" }),
        secretStdin: flag2.boolean({ help: "read the signing secret from stdin (then the payload comes from --payload-file)" }),
        id: flag2.string({ help: "the webhook-id header" }),
        timestamp: flag2.string({ value: "seconds", help: "the webhook-timestamp header" }),
        signature: flag2.string({ help: "the webhook-signature header (v1,\u2026; several separated by spaces)" }),
        payloadFile: flag2.string({ value: "file", help: "the raw body (default: stdin)" })
      },
      examples: ['hire webhooks verify --secret "$S" --id $ID --timestamp $TS --signature $SIG'],
      async run(ctx, flags) {
        const headers = { "--id": flags.id, "--timestamp": flags.timestamp, "--signature": flags.signature };
        const missing = Object.entries(headers).filter(([, value]) => value === void 0 || value.trim() === "").map(([name]) => name);
        if (missing.length > 0) {
          throw new UsageError(`Missing ${listed(missing)}.`, {
            hint: "--id, --timestamp and --signature take the delivery's webhook-* headers."
          });
        }
        if (flags.secret !== void 0 && flags.secretStdin) throw new UsageError("Pass --secret or --secret-stdin, not both.");
        if (flags.secretStdin && flags.payloadFile === void 0) {
          throw new UsageError("With --secret-stdin, stdin holds the secret: pass the payload with --payload-file.");
        }
        const secret = flags.secret ?? (flags.secretStdin ? (await readTextInput(ctx, "--secret-stdin", "-")).trim() : void 0);
        if (!secret) throw new UsageError("Pass the signing secret with --secret or --secret-stdin.");
        let body;
        if (flags.payloadFile !== void 0) {
          try {
            body = await readFile(flags.payloadFile, "utf8");
          } catch (error) {
            throw new UsageError(`--payload-file ${flags.payloadFile}: cannot read it (${error.code ?? error.message}).`);
          }
        } else body = await readTextInput(ctx, "stdin", "-");
        const result = verify({ secret, id: flags.id, timestamp: flags.timestamp, signature: flags.signature, body });
        if (ctx.settings.format === "json") ctx.io.stdout.write(`${inertJson(result, 2)}
`);
        else if (result.valid) ctx.io.stdout.write("valid\n");
        if (!result.valid) {
          throw new HireError(`The delivery is not valid: ${result.reason}.`, { exitCode: ExitCode.auth, code: "invalid_signature" });
        }
      }
    });
  }
});

// src/commands/webhooks/remove.ts
var remove_exports = {};
__export(remove_exports, {
  default: () => remove_default
});
var remove_default;
var init_remove = __esm({
  "src/commands/webhooks/remove.ts"() {
    "use strict";
    init_webhooks2();
    init_define();
    init_confirm();
    remove_default = defineCommand({
      path: ["webhooks", "remove"],
      summary: "remove a webhook (asks first; --yes when not at a terminal)",
      effect: "delete",
      args: { id: arg.required("webhook id") },
      examples: ["hire webhooks remove wh_abc123", "hire webhooks remove wh_abc123 --yes"],
      async run(ctx, { id }) {
        const what = `webhook ${id}${await ctx.whereWritten()}`;
        if (!await confirmOrRefuse(ctx, `Remove ${what}? Its deliveries stop.`, `Refusing to remove ${what}`)) {
          ctx.notice("Nothing was removed.");
          return;
        }
        await removeWebhook(await ctx.api(), id, { onReadBack: (message) => ctx.notice(message) });
        ctx.notice(`Removed webhook ${id}.`);
      }
    });
  }
});

// src/api/events.ts
async function resendEvent(client, id, webhookId) {
  const body = webhookId === void 0 ? {} : { webhook_id: webhookId };
  return (await postRecord(client, `${recordPath2(EVENTS_PATH, id)}/resend`, body)).record;
}
var EVENTS_PATH, getEvent;
var init_events3 = __esm({
  "src/api/events.ts"() {
    "use strict";
    init_records();
    EVENTS_PATH = "/events";
    getEvent = (client, id) => getRecord(client, recordPath2(EVENTS_PATH, id));
  }
});

// src/commands/events/columns.ts
var EVENT_LIST_COLUMNS;
var init_columns5 = __esm({
  "src/commands/events/columns.ts"() {
    "use strict";
    EVENT_LIST_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "type", keepWhole: true },
      { key: "created_at", header: "CREATED", time: true }
    ];
  }
});

// src/commands/events/list.ts
var list_exports6 = {};
__export(list_exports6, {
  default: () => list_default5
});
var TIME_HELP, list_default5;
var init_list8 = __esm({
  "src/commands/events/list.ts"() {
    "use strict";
    init_events3();
    init_errors();
    init_define();
    init_list_flags();
    init_list3();
    init_event_kinds();
    init_columns5();
    init_duration();
    TIME_HELP = "an ISO date or time (2026-11-24, 2026-11-24T09:00:00Z) or a time ago (30m, 12h, 7d)";
    list_default5 = defineCommand({
      path: ["events", "list"],
      summary: "list events, newest first (GET /events)",
      effect: "read",
      flags: {
        kind: eventKindsFlag("kind", "only these kinds, comma-separated: {choices}"),
        job: flag2.string({ value: "id", help: "only events about this job" }),
        since: flag2.parsed(parseMoment, { value: "time", example: "1h", help: `only events at or after: ${TIME_HELP}`, message: `--since takes ${TIME_HELP} (got "{value}").` }),
        until: flag2.parsed(parseMoment, { value: "time", example: "2026-11-01T00:00:00Z", help: `only events before: ${TIME_HELP}`, message: `--until takes ${TIME_HELP} (got "{value}").` }),
        ...LIST_FLAGS
      },
      examples: ["hire events list", "hire events list --kind candidate.statusChanged --job job_abc123", "hire events list --since 1h --json"],
      async run(ctx, options) {
        const now = Date.now();
        const [since, until] = [options.since?.(now), options.until?.(now)];
        if (since !== void 0 && until !== void 0 && since >= until) throw new UsageError(`--since (${since}) is not before --until (${until}): no event can be in between.`);
        await runList(ctx, options, {
          path: EVENTS_PATH,
          noun: "events",
          columns: EVENT_LIST_COLUMNS,
          // Read against the time given: a resumed export (--resume) reads `--since 1h` as its first run did.
          query: (at) => ({
            type: options.kind?.join(","),
            job_id: options.job,
            created_after: options.since?.(at),
            created_before: options.until?.(at)
          })
        });
      }
    });
  }
});

// src/commands/events/attempts.ts
function attemptLine(attempt, width = Number.POSITIVE_INFINITY) {
  const at = typeof attempt.at === "string" ? attempt.at.replace("T", " ").slice(0, 19) : "";
  const answer = attempt.response_status !== null && attempt.response_status !== void 0 ? String(attempt.response_status) : inert(String(attempt.error ?? "no answer"));
  const ms = typeof attempt.duration_ms === "number" ? `${Math.round(attempt.duration_ms)} ms` : "";
  const head = `#${String(attempt.number ?? "?")}  ${at}  ${answer}  ${ms}${attempt.resend ? "  resend" : ""}`;
  const room = Math.max(12, width - displayWidth(head) - 2);
  const body = typeof attempt.response_body === "string" && attempt.response_body !== "" ? `  ${snippet2(attempt.response_body, room)}` : "";
  return `${head}${body}`;
}
function deliveryLines(deliveries, width = Number.POSITIVE_INFINITY) {
  const lines = [];
  for (const delivery of deliveries) {
    const next = delivery.state === "pending" && typeof delivery.next_attempt_at === "string" ? ` (next attempt ${delivery.next_attempt_at.replace("T", " ").slice(0, 19)})` : "";
    const head = `${inert(String(delivery.webhook_id ?? "?"))}  ${inert(String(delivery.state ?? ""))}${next}`;
    lines.push(`${head}  ${fitUrl(inert(String(delivery.url ?? "")), Math.max(20, width - displayWidth(head) - 2))}`);
    const attempts = Array.isArray(delivery.attempts) ? delivery.attempts : [];
    if (attempts.length === 0) lines.push("  (no attempt yet)");
    for (const attempt of attempts) lines.push(`  ${attemptLine(attempt, width - 2)}`);
  }
  return lines;
}
function snippet2(text4, room = Number.POSITIVE_INFINITY) {
  const chars = [...text4.replace(/\s+/g, " ").trim()];
  const quoted2 = inertJson(chars.length > SNIPPET_CHARS ? `${chars.slice(0, SNIPPET_CHARS).join("")}\u2026` : chars.join(""));
  return displayWidth(quoted2) <= room ? quoted2 : `${truncate(quoted2.slice(0, -1), room - 1)}"`;
}
var SNIPPET_CHARS;
var init_attempts = __esm({
  "src/commands/events/attempts.ts"() {
    "use strict";
    init_cells();
    init_fit();
    SNIPPET_CHARS = 60;
  }
});

// src/commands/events/get.ts
var get_exports4 = {};
__export(get_exports4, {
  default: () => get_default4
});
var COLUMNS3, get_default4;
var init_get4 = __esm({
  "src/commands/events/get.ts"() {
    "use strict";
    init_events3();
    init_cells();
    init_render2();
    init_define();
    init_attempts();
    COLUMNS3 = [{ key: "id" }, { key: "type" }, { key: "job_id", header: "JOB" }, { key: "created_at" }, { key: "data" }, { key: "deliveries" }];
    get_default4 = defineCommand({
      path: ["events", "get"],
      summary: "show an event: its payload and every delivery attempt",
      effect: "read",
      args: { id: arg.required("event id") },
      examples: ["hire events get evt_abc123", "hire events get evt_abc123 --json"],
      async run(ctx, { id }) {
        const event = await getEvent(await ctx.api(), id);
        if (ctx.settings.format !== "table" || ctx.settings.fields) {
          await printRecord(ctx.output, event, COLUMNS3);
          return;
        }
        const deliveries = Array.isArray(event.deliveries) ? event.deliveries : [];
        await printRecord(
          ctx.output,
          { ...event, data: void 0, deliveries: void 0 },
          COLUMNS3.filter((column) => column.key !== "deliveries" && column.key !== "data")
        );
        ctx.io.stdout.write(`
Payload (data):
${inertJson(event.data ?? null, 2)}
`);
        ctx.io.stdout.write(deliveries.length === 0 ? "\nNot delivered: no webhook listened to this kind when it happened.\n" : `
Deliveries:
${deliveryLines(deliveries, ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : void 0).join("\n")}
`);
      }
    });
  }
});

// src/commands/events/resend.ts
var resend_exports = {};
__export(resend_exports, {
  default: () => resend_default
});
function attempted(event, wanted) {
  const deliveries = Array.isArray(event.deliveries) ? event.deliveries : [];
  return [...wanted].every(([deliveryId, before]) => {
    const delivery = deliveries.find((item) => String(item.id) === deliveryId);
    return delivery !== void 0 && Array.isArray(delivery.attempts) && delivery.attempts.length > before;
  });
}
var WAIT_MS, POLL_MS, COLUMNS4, resend_default;
var init_resend = __esm({
  "src/commands/events/resend.ts"() {
    "use strict";
    init_events3();
    init_errors();
    init_cells();
    init_render2();
    init_define();
    init_confirm();
    init_attempts();
    WAIT_MS = 15e3;
    POLL_MS = 250;
    COLUMNS4 = [{ key: "id" }, { key: "type" }, { key: "deliveries" }];
    resend_default = defineCommand({
      path: ["events", "resend"],
      summary: "deliver an event again, with the same webhook-id (POST /events/ID/resend)",
      effect: "write",
      args: { id: arg.required("event id") },
      flags: {
        webhook: flag2.string({ value: "id", help: "to this webhook only (also one the event never went to)" })
      },
      examples: ["hire events resend evt_abc123", "hire events resend evt_abc123 --webhook wh_abc123"],
      async run(ctx, { id, webhook }) {
        if (!await confirmProductionWrite(ctx, `Deliver event ${id} again${webhook ? ` to webhook ${webhook}` : ""}`)) return;
        const client = await ctx.api();
        const queued = await resendEvent(client, id, webhook);
        const wanted = new Map(
          (Array.isArray(queued.deliveries) ? queued.deliveries : []).map((delivery) => [
            String(delivery.id),
            Array.isArray(delivery.attempts) ? delivery.attempts.length : 0
          ])
        );
        const deadline = Date.now() + WAIT_MS;
        let event = await getEvent(client, id);
        let stopped = false;
        const removeInterrupt = ctx.io.onInterrupt(() => stopped = true);
        try {
          while (!stopped && !attempted(event, wanted) && Date.now() < deadline) {
            await new Promise((resolve2) => setTimeout(resolve2, POLL_MS));
            event = await getEvent(client, id);
          }
        } finally {
          removeInterrupt();
        }
        const deliveries = (Array.isArray(event.deliveries) ? event.deliveries : []).filter((delivery) => wanted.has(String(delivery.id)));
        if (ctx.settings.format !== "table") await printRecord(ctx.output, { ...event, deliveries }, COLUMNS4);
        let failed2 = false;
        for (const delivery of deliveries) {
          const before = wanted.get(String(delivery.id)) ?? 0;
          const attempts = Array.isArray(delivery.attempts) ? delivery.attempts : [];
          const fresh = attempts.slice(before);
          const target = `${inert(String(delivery.webhook_id))} (${inert(String(delivery.url ?? ""))})`;
          if (fresh.length === 0) {
            ctx.notice(`Queued ${id} for ${target}; no answer yet (hire events get ${id} shows it when it comes).`);
            continue;
          }
          for (const attempt of fresh) {
            if (!attempt.success) failed2 = true;
            const line = `Resent ${id} to ${target}: ${attemptLine(attempt)}${attempt.resend || attempt.success ? "" : "  (its retries go on)"}`;
            if (ctx.settings.format === "table") ctx.io.stdout.write(`${line}
`);
            else ctx.notice(line);
          }
        }
        if (failed2) ctx.exitCode = ExitCode.failure;
      }
    });
  }
});

// src/api/emulator.ts
async function control(client, method, path, body) {
  const { data } = await client.request(method, `/_emulator${path}`, { fromRoot: true, ...body !== void 0 ? { body } : {} });
  return data;
}
function record3(operation, data) {
  const parsed = RecordSchema.safeParse(data);
  if (!parsed.success) throw unexpectedShape(operation, "an object", void 0);
  return parsed.data;
}
async function listKeys(client) {
  const data = await control(client, "GET", "/keys");
  if (!isRecordList(data)) throw unexpectedShape("GET /_emulator/keys", "a list of objects", void 0);
  return data;
}
async function readRequestLog(client, after) {
  const { data, meta } = await client.request("GET", "/_emulator/requests", { fromRoot: true, query: { after } });
  const last = meta.last;
  if (!isRecordList(data) || typeof last !== "number") throw unexpectedShape("GET /_emulator/requests", "a list of requests and meta.last", meta.request_id);
  return { requests: data, last };
}
var createKey, revokeKey, simulateApplications2, triggerEvent, resetEmulator;
var init_emulator = __esm({
  "src/api/emulator.ts"() {
    "use strict";
    init_envelope();
    init_errors2();
    createKey = async (client, request2) => record3("POST /_emulator/keys", await control(client, "POST", "/keys", request2));
    revokeKey = async (client, id) => {
      await control(client, "DELETE", `/keys/${encodeURIComponent(id)}`);
    };
    simulateApplications2 = async (client, request2) => record3("POST /_emulator/simulate", await control(client, "POST", "/simulate", request2));
    triggerEvent = async (client, request2) => record3("POST /_emulator/trigger", await control(client, "POST", "/trigger", request2));
    resetEmulator = async (client) => record3("POST /_emulator/reset", await control(client, "POST", "/reset", {}));
  }
});

// src/commands/emulator/local.ts
async function localClient(ctx, what = "emulator commands work", why = "") {
  const profile = await ctx.profile();
  if (profile.environment !== "local") {
    throw new UsageError(`${what} on the local emulator; profile "${profile.name}" is ${profile.environment}.${why ? ` ${why}` : ""}`, {
      hint: "Pass --profile local (or local-sandbox)."
    });
  }
  return ctx.api();
}
var init_local = __esm({
  "src/commands/emulator/local.ts"() {
    "use strict";
    init_errors();
  }
});

// src/commands/trigger.ts
var trigger_exports = {};
__export(trigger_exports, {
  default: () => trigger_default,
  parseOverrides: () => parseOverrides
});
function parseOverrides(pairs) {
  const overrides = /* @__PURE__ */ Object.create(null);
  for (const pair of pairs) {
    const match = /^([^=]+)=(.*)$/s.exec(pair);
    if (!match || !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(match[1].trim())) {
      throw new UsageError(`--override takes path=value, the path below the event's data such as name or location.city (got "${inert(pair)}").`);
    }
    const raw = match[2];
    let value = raw;
    try {
      value = JSON.parse(raw);
    } catch {
    }
    overrides[match[1].trim()] = value;
  }
  return overrides;
}
var trigger_default;
var init_trigger2 = __esm({
  "src/commands/trigger.ts"() {
    "use strict";
    init_emulator();
    init_vocabulary();
    init_errors();
    init_render2();
    init_cells();
    init_define();
    init_columns5();
    init_local();
    trigger_default = defineCommand({
      path: ["trigger"],
      summary: "make the local emulator emit an event of a kind, with the records behind it",
      effect: "write",
      args: { kind: arg.enum(EVENT_KINDS, "the event kind", { message: `Not an event kind: "{value}". Kinds: ${EVENT_KINDS.join(", ")}.` }) },
      flags: {
        job: flag2.string({ value: "id", help: "use this job instead of making one (active, for candidate events)" }),
        override: flag2.list({
          value: "path=value",
          help: "set a field of the event's data, path below data (repeatable); the value is JSON when it reads as JSON, else text"
        })
      },
      examples: [
        "hire trigger job.created",
        "hire trigger assessment.completed --job job_abc123",
        "hire trigger candidate.statusChanged --override score=97 --json"
      ],
      async run(ctx, { kind, job, override }) {
        if (kind === "job.created" && job !== void 0) throw new UsageError("--job does not go with job.created: that trigger makes a job of its own.");
        const overrides = parseOverrides(override ?? []);
        const client = await localClient(ctx, "hire trigger works", "The platform has no API that emits events on demand.");
        const result = await triggerEvent(client, { type: kind, ...job !== void 0 ? { job_id: job } : {}, overrides });
        const events = result.events ?? [];
        await printList(ctx.output, events, EVENT_LIST_COLUMNS);
        const others = events.length - 1;
        const triggered = events.find((event) => event.id === result.event_id);
        const about = typeof triggered?.job_id === "string" ? ` on job ${inert(triggered.job_id)}` : "";
        ctx.notice(`Triggered ${kind}: ${inert(String(result.event_id ?? ""))}${about}${others > 0 ? ` (and ${others} more event${others === 1 ? "" : "s"} the records produced)` : ""}.`);
      }
    });
  }
});

// src/commands/status.ts
var status_exports = {};
__export(status_exports, {
  default: () => status_default,
  readStatus: () => readStatus
});
function count2(value) {
  return typeof value === "number" ? String(value) : "\u2013";
}
function counted(value) {
  return Number.isSafeInteger(value) && value >= 0 ? value : void 0;
}
async function readStatus(client, profile) {
  const [{ listPage: listPage2 }, { getAnalytics: getAnalytics2 }, { DELIVERIES_PATH: DELIVERIES_PATH2 }] = await Promise.all([Promise.resolve().then(() => (init_list2(), list_exports)), Promise.resolve().then(() => (init_analytics3(), analytics_exports)), Promise.resolve().then(() => (init_webhooks2(), webhooks_exports))]);
  const [jobs, analytics, deliveries] = await Promise.allSettled([
    listPage2(client, "/jobs", { status: "active", per_page: JOBS_SHOWN, sort: "-created_at" }),
    getAnalytics2(client, {}),
    listPage2(client, DELIVERIES_PATH2, { state: "failed", per_page: FAILURES_SHOWN, sort: "-updated_at" })
  ]);
  const report2 = { profile, open_jobs: null, failed_deliveries: null, rate_limit: saneRateLimit(client.rateLimit) };
  const errors = {};
  let cause;
  let failed2 = false;
  if (jobs.status === "fulfilled") {
    const byJob = analytics.status === "fulfilled" ? perJob(analytics.value) : void 0;
    const items2 = jobs.value.items.map((job) => {
      const counts = byJob && Object.hasOwn(byJob, String(job.id)) ? byJob[String(job.id)] : void 0;
      const of = (key) => counts !== null && typeof counts === "object" ? counted(counts[key]) : void 0;
      return {
        id: String(job.id),
        title: String(job.title ?? ""),
        new: byJob ? of("new") ?? 0 : null,
        review: byJob ? of("review") ?? 0 : null,
        candidates: counted(job.candidate_count) ?? null
      };
    });
    const total = counted(jobs.value.meta?.total_count);
    report2.open_jobs = { total: total !== void 0 && total >= items2.length ? total : items2.length, jobs: items2 };
  } else {
    errors.open_jobs = reason(jobs.reason);
    cause = jobs.reason;
    failed2 = true;
  }
  if (deliveries.status === "fulfilled") {
    const { items: items2, meta } = deliveries.value;
    const total = counted(meta?.total_count);
    report2.failed_deliveries = { total: total !== void 0 && total >= items2.length ? total : items2.length, latest: items2 };
  } else {
    errors.failed_deliveries = reason(deliveries.reason);
    cause ??= deliveries.reason;
    failed2 ||= !(deliveries.reason instanceof ApiError && deliveries.reason.status === 404);
  }
  if (Object.keys(errors).length > 0) report2.errors = errors;
  return { report: report2, cause, failed: failed2 };
}
function saneRateLimit(limit) {
  if (!limit) return null;
  const count3 = (value) => Number.isSafeInteger(value) && value >= 0 ? value : null;
  return { limit: count3(limit.limit) || null, remaining: count3(limit.remaining) ?? 0, reset: limit.reset !== void 0 && Number.isSafeInteger(limit.reset) ? limit.reset : null };
}
function perJob(analytics) {
  const candidates = analytics.candidates;
  const byJob = candidates !== null && typeof candidates === "object" ? candidates.by_job : void 0;
  return byJob !== null && typeof byJob === "object" && !Array.isArray(byJob) ? byJob : void 0;
}
function reason(error) {
  if (error instanceof ApiError && error.status === 404) return "this server does not list them (HTTP 404)";
  if (error instanceof ApiError) return `${error.message} (${error.code}, HTTP ${error.status})`;
  if (error instanceof HireError) return error.message;
  throw error;
}
async function printStatus(ctx, client, report2) {
  const { printList: printList2 } = await Promise.resolve().then(() => (init_render2(), render_exports));
  const paint = await ctx.painter("stdout");
  const out = ctx.io.stdout;
  const line = (text4 = "") => out.write(`${text4}
`);
  const { wrapProse: wrapProse2 } = await Promise.resolve().then(() => (init_fit(), fit_exports));
  const hint = (text4) => {
    for (const piece of wrapProse2(inert(text4), ctx.output.columns ? Math.max(20, ctx.output.columns - 2) : Number.POSITIVE_INFINITY)) line(paint.dim(`  ${piece}`));
  };
  const { profile } = report2;
  line(`${paint.bold("Profile")} ${inert(profile.name)} (${inert(profile.environment)}, ${inert(profile.base_url)})`);
  line();
  const open2 = report2.open_jobs;
  if (open2) {
    const { total, jobs: items2 } = open2;
    const counted2 = items2.every((job) => job.new !== null);
    const more = total > items2.length ? `, the newest ${items2.length} shown` : "";
    line(`${paint.bold("Open jobs")}: ${total}${more}`);
    if (items2.length > 0) await printList2(ctx.output, items2, JOB_COLUMNS);
    else hint("None: `hire jobs create --publish` posts one, `hire jobs list --status paused` shows paused ones.");
    if (!counted2 && items2.length > 0) hint("This server's analytics gives no per-job counts; `hire candidates list --job ID --status new` lists them.");
    const waiting = items2.find((job) => (job.review ?? 0) > 0);
    if (waiting) hint(`Next: \`hire candidates list --job ${waiting.id} --status review\``);
  } else {
    line(`${paint.bold("Open jobs")}: ${paint.red("unavailable")}: ${inert(report2.errors?.open_jobs ?? "")}`);
  }
  line();
  const failed2 = report2.failed_deliveries;
  if (failed2) {
    const { total, latest } = failed2;
    const shown = total > latest.length ? `, the latest ${latest.length} shown` : "";
    line(`${paint.bold("Failed webhook deliveries")}: ${total === 0 ? paint.green("none") : paint.red(String(total))}${shown}`);
    if (latest.length > 0) {
      await printList2(ctx.output, latest, DELIVERY_COLUMNS);
      hint(`Next: \`hire events get ${String(latest[0].event_id)}\` shows every attempt; \`hire events resend ${String(latest[0].event_id)}\` sends it again.`);
    }
  } else {
    line(`${paint.bold("Failed webhook deliveries")}: ${paint.yellow("unknown")}: ${inert(report2.errors?.failed_deliveries ?? "")}`);
  }
  line();
  const limit = report2.rate_limit;
  if (limit) {
    const { formatWait: formatWait2 } = await Promise.resolve().then(() => (init_pacer(), pacer_exports));
    const untilReset2 = limit.reset === null ? Number.NaN : client.localMsUntil(limit.reset);
    const resetsIn = untilReset2 <= RESET_BELIEVED_MS ? `; the window resets in ${formatWait2(untilReset2)}` : "";
    const { remaining, limit: of } = limit;
    const low = of !== null ? remaining <= of / 10 : remaining === 0;
    const left = `${remaining.toLocaleString("en-US")}${of !== null ? ` of ${of.toLocaleString("en-US")}` : ""} requests left`;
    line(`${paint.bold("Rate limit")}: ${low ? paint.yellow(left) : left}${resetsIn}.`);
  } else {
    line(`${paint.bold("Rate limit")}: ${paint.dim("the server sent no X-RateLimit headers")}`);
  }
}
var JOBS_SHOWN, FAILURES_SHOWN, RESET_BELIEVED_MS, JOB_COLUMNS, DELIVERY_COLUMNS, status_default;
var init_status = __esm({
  "src/commands/status.ts"() {
    "use strict";
    init_errors();
    init_cells();
    init_define();
    JOBS_SHOWN = 100;
    FAILURES_SHOWN = 5;
    RESET_BELIEVED_MS = 31 * 24 * 3600 * 1e3;
    JOB_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "title" },
      { key: "new", value: (job) => count2(job.new) },
      { key: "review", header: "IN REVIEW", value: (job) => count2(job.review) },
      { key: "candidates", header: "ALL", value: (job) => count2(job.candidates) }
    ];
    DELIVERY_COLUMNS = [
      { key: "event_id", header: "EVENT", keepWhole: true },
      { key: "event_type", header: "KIND", want: 23 },
      { key: "url", url: true },
      {
        key: "last_answer",
        header: "LAST ANSWER",
        // `hire events get` (the hint below the table) shows every answer in full.
        drop: 1,
        value: (record4) => {
          const last = Array.isArray(record4.attempts) ? record4.attempts.at(-1) : void 0;
          if (last === null || typeof last !== "object") return void 0;
          const { response_status: status, error } = last;
          return status ?? error ?? void 0;
        }
      },
      // A delivery failed for good has used every attempt: the first column to hide at a narrow terminal.
      { key: "attempts", header: "TRIES", drop: 2, format: (value) => Array.isArray(value) ? String(value.length) : "" }
    ];
    status_default = defineCommand({
      path: ["status"],
      summary: "the current profile at a glance: open jobs with new and in-review candidates, failed deliveries, the rate limit",
      effect: "read",
      examples: ["hire status", "hire status --profile prod", "hire status --json | jq .failed_deliveries.total"],
      async run(ctx) {
        if (ctx.settings.format === "csv") throw new UsageError("status prints a summary, or one JSON document with --json; it has no CSV form.");
        const profile = await ctx.profile();
        const client = await ctx.api();
        const { report: shown, cause, failed: failed2 } = await readStatus(client, { name: profile.name, environment: profile.environment, base_url: profile.baseUrl });
        if (cause instanceof HireError && (!(cause instanceof ApiError) || cause.status === 401 || cause.status === 403)) throw cause;
        if (failed2) ctx.exitCode = ExitCode.failure;
        if (ctx.settings.format === "json" || ctx.settings.format === "ndjson") {
          ctx.io.stdout.write(`${inertJson(shown, ctx.settings.format === "json" ? 2 : void 0)}
`);
          return;
        }
        await printStatus(ctx, client, shown);
      }
    });
  }
});

// src/commands/logs/tail.ts
var tail_exports = {};
__export(tail_exports, {
  apiPath: () => apiPath,
  default: () => tail_default,
  parseStatuses: () => parseStatuses
});
function parseStatuses(text4) {
  const parts = text4.split(",").map((part) => part.trim().toLowerCase());
  if (parts.some((part) => !/^[1-5](?:xx|\d\d)$/.test(part))) return void 0;
  return (status) => parts.some((part) => part.endsWith("xx") ? Math.floor(status / 100) === Number(part[0]) : status === Number(part));
}
function parseMethods(text4) {
  const methods = text4.split(",").map((part) => part.trim().toUpperCase());
  return methods.every((method) => METHODS.includes(method)) ? methods : void 0;
}
function apiPath(path) {
  const bare = path.split("?")[0];
  return bare.replace(/^(?:\/sandbox)?(?:\/api\/v\d+)?/, "") || "/";
}
function describe(flags) {
  const parts = [];
  if (flags.status) parts.push("the statuses asked for");
  if (flags.method) parts.push(flags.method.join(", "));
  if (flags.path !== void 0) parts.push(`paths starting ${inert(flags.path)}`);
  return parts.length > 0 ? ` (only ${parts.join("; ")})` : "";
}
var POLL_MS2, METHODS, tail_default;
var init_tail = __esm({
  "src/commands/logs/tail.ts"() {
    "use strict";
    init_emulator();
    init_errors();
    init_cells();
    init_define();
    init_local();
    POLL_MS2 = 250;
    METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    tail_default = defineCommand({
      path: ["logs", "tail"],
      summary: "stream the local emulator's request log (every command's requests, as they come)",
      effect: "read",
      flags: {
        status: flag2.parsed(parseStatuses, {
          value: "codes",
          example: "4xx,5xx",
          help: "only these statuses: 4xx, 404, or a comma list (2xx,5xx)",
          message: '--status takes statuses such as 4xx, 404 or 2xx,5xx (got "{value}").'
        }),
        path: flag2.string({ help: "only paths that start with this, with or without /api/v1 (/jobs, /candidates/cand_abc)" }),
        method: flag2.parsed(parseMethods, {
          value: "methods",
          example: "POST,PATCH",
          help: `only these methods, comma-separated: ${METHODS.join(", ")}`,
          message: `--method takes ${METHODS.join(", ")}, comma-separated (got "{value}").`
        })
      },
      examples: ["hire logs tail", "hire logs tail --status 4xx,5xx", "hire logs tail --path /jobs --method POST,PATCH --json"],
      async run(ctx, flags) {
        if (ctx.settings.format === "csv") throw new UsageError("logs tail prints lines, or one JSON object per line with --json or -o ndjson; it has no CSV form.");
        if (ctx.settings.fields) throw new UsageError("logs tail shows every field of a request; --fields does not apply.");
        if (flags.path === "") throw new UsageError("--path is empty: give the start of a path, such as /jobs.");
        const client = await localClient(ctx, "hire logs tail works", "The platform publishes no request log API; its dashboard is the place for the requests it received.");
        const wanted = (entry) => {
          const path = String(entry.path ?? "");
          if (flags.status && !flags.status(Number(entry.status))) return false;
          if (flags.method && !flags.method.includes(String(entry.method))) return false;
          if (flags.path !== void 0 && !path.startsWith(flags.path) && !apiPath(path).startsWith(flags.path)) return false;
          return true;
        };
        const json = ctx.settings.format === "json" || ctx.settings.format === "ndjson";
        const paint = await ctx.painter("stdout");
        const print2 = (entry) => {
          if (json) {
            const { seq: _seq, ...shown } = entry;
            ctx.io.stdout.write(`${inertJson(shown)}
`);
            return;
          }
          const time2 = typeof entry.at === "string" ? entry.at.slice(11, 19) : "";
          const status = Number(entry.status);
          const statusText = String(status || "---");
          const coloured = status >= 500 || status === 0 ? paint.red(statusText) : status >= 400 ? paint.yellow(statusText) : paint.green(statusText);
          const ms = typeof entry.ms === "number" ? `${entry.ms.toFixed(1)} ms` : "";
          const method = inert(String(entry.method ?? "")).padEnd(6);
          ctx.io.stdout.write(`${time2}  ${method} ${coloured}  ${ms.padStart(9)}  ${inert(String(entry.path ?? ""))}  ${inert(String(entry.request_id ?? ""))}  ${paint.dim(inert(String(entry.key_name ?? "-")))}
`);
        };
        let signal;
        let wake;
        const removeInterrupt = ctx.io.onInterrupt((received) => {
          signal ??= received;
          client.abort();
          wake?.();
        });
        try {
          let { last } = await readRequestLog(client, void 0);
          ctx.io.stderr.write(`Tailing the local emulator's request log (profile ${(await ctx.profile()).name})${describe(flags)}. Ctrl-C stops.
`);
          while (signal === void 0) {
            const page = await readRequestLog(client, last);
            for (const entry of page.requests) if (wanted(entry)) print2(entry);
            if (page.requests.length > 0) last = Number(page.requests.at(-1).seq);
            if (page.requests.length > 0) continue;
            await new Promise((resolve2) => {
              wake = resolve2;
              setTimeout(resolve2, POLL_MS2);
            });
          }
        } catch (error) {
          if (signal === void 0) throw error;
        } finally {
          removeInterrupt();
        }
        if (signal === "SIGINT") ctx.exitCode = ExitCode.interrupted;
      }
    });
  }
});

// src/commands/auth/key-check.ts
async function checkKey(ctx, profile) {
  let client;
  try {
    client = await ctx.apiFor(profile, { quietNotice: true });
  } catch (error) {
    if (error instanceof HireError && error.code === "no_credentials") return { state: "no_key", message: "no key stored", rateLimit: void 0, expiresAt: void 0 };
    throw error;
  }
  try {
    const response = await probeWithKey(client);
    const expiresAt = response.headers["x-key-expires-at"];
    if (response.status < 400) return { state: "ok", message: "works", rateLimit: client.rateLimit, expiresAt };
    const { parseResponse: parseResponse2 } = await Promise.resolve().then(() => (init_client(), client_exports));
    try {
      parseResponse2(response.status, response.headers, response.text);
    } catch (error) {
      if (error instanceof ApiError) return fromApiError(error, client.rateLimit, expiresAt);
      throw error;
    }
    return { state: "error", message: `HTTP ${response.status}`, rateLimit: client.rateLimit, expiresAt };
  } catch (error) {
    if (error instanceof ApiError) return fromApiError(error, client.rateLimit, void 0);
    if (error instanceof HireError) return { state: "unreachable", message: error.message, rateLimit: void 0, expiresAt: void 0 };
    throw error;
  }
}
function fromApiError(error, rateLimit, expiresAt) {
  const state = error.code === "key_expired" ? "key_expired" : error.status === 401 ? "unauthorized" : error.status === 403 ? "forbidden" : "error";
  return { state, message: `${error.message} (${error.code}, HTTP ${error.status})`, rateLimit, expiresAt };
}
function untilReset(reset) {
  if (reset === void 0 || !Number.isFinite(reset)) return "";
  const at = new Date(reset * 1e3);
  if (Number.isNaN(at.getTime())) return "";
  const time2 = at.toISOString().slice(11, 16);
  return reset * 1e3 - Date.now() > 864e5 ? ` until ${at.toISOString().slice(0, 10)} ${time2} UTC` : ` until ${time2} UTC`;
}
var init_key_check = __esm({
  "src/commands/auth/key-check.ts"() {
    "use strict";
    init_jobs2();
    init_errors();
  }
});

// src/commands/auth/login.ts
var login_exports = {};
__export(login_exports, {
  default: () => login_default
});
async function readKey2(ctx, flags) {
  let key;
  if (flags.withKey) key = await readTextInput(ctx, "--with-key", "-");
  else if (ctx.canPrompt) {
    const { password } = await import("@inquirer/prompts");
    key = await ask(() => password({ message: "API key", mask: "*" }, promptIO(ctx)));
  } else {
    throw new UsageError("No key given: pipe it on stdin with --with-key (keys are never taken from arguments).", {
      hint: 'printf %s "$HIRE_KEY" | hire auth login --profile prod --with-key'
    });
  }
  key = key.trim();
  if (key === "") throw new UsageError("The key is empty.");
  if (/\s/.test(key)) throw new UsageError("The key contains spaces; paste it exactly as the dashboard shows it.");
  return key;
}
var LOGIN_ENVIRONMENTS, login_default;
var init_login = __esm({
  "src/commands/auth/login.ts"() {
    "use strict";
    init_profiles();
    init_errors();
    init_define();
    init_input();
    init_prompt();
    init_key_check();
    LOGIN_ENVIRONMENTS = ENVIRONMENTS.filter((environment) => environment !== "local");
    login_default = defineCommand({
      path: ["auth", "login"],
      summary: "store a key in a profile after checking it with one request (the key is never an argument)",
      effect: "write",
      flags: {
        environment: flag2.parsed((text4) => ENVIRONMENTS.includes(text4) ? text4 : void 0, {
          value: "env",
          help: "production or sandbox (default: the profile's, else production, the careful side)",
          choices: LOGIN_ENVIRONMENTS,
          message: '--environment must be production or sandbox (got "{value}").'
        }),
        baseUrl: flag2.string({ value: "url", help: "the API base URL from your dashboard (/api/v1 is added when missing)" }),
        withKey: flag2.boolean({ help: "read the key from stdin instead of a hidden prompt" }),
        skipVerify: flag2.boolean({ help: "save the key without checking it" }),
        setDefault: flag2.boolean({ help: "make the profile the default one" })
      },
      examples: [
        "hire auth login --profile prod --base-url https://api.example.com",
        "hire auth login -p sandbox --environment sandbox --with-key < key.txt"
      ],
      async run(ctx, flags) {
        const config = await ctx.config();
        const name = ctx.settings.profile ?? flags.environment ?? "production";
        if (!PROFILE_NAME.test(name)) throw new UsageError(`Profile names take letters, digits, _ and - only (got "${name}").`);
        const existing = config.profiles?.[name];
        const builtIn = !existing && BUILT_IN_PROFILES.includes(name) ? resolveProfile({ flag: name, env: {}, config }) : void 0;
        const environment = flags.environment ?? existing?.environment ?? builtIn?.environment;
        let baseUrl = flags.baseUrl ?? existing?.base_url ?? builtIn?.baseUrl;
        let chosenEnvironment = environment;
        let defaultedToProduction = false;
        if (!chosenEnvironment && (baseUrl || !ctx.canPrompt)) {
          chosenEnvironment = "production";
          defaultedToProduction = true;
        }
        if (!chosenEnvironment || !baseUrl) {
          if (!ctx.canPrompt) {
            throw new UsageError(`Profile "${name}" needs --base-url URL.`, {
              hint: "The API spec publishes no fixed addresses: use the base URL from your dashboard."
            });
          }
          const prompts = await import("@inquirer/prompts");
          const io = promptIO(ctx);
          chosenEnvironment ??= await ask(
            () => prompts.select({ message: "Environment", choices: [{ value: "production" }, { value: "sandbox" }] }, io)
          );
          baseUrl ??= await ask(() => prompts.input({ message: "Base URL (from your dashboard)", required: true }, io));
        }
        const { resolveBaseUrl: resolveBaseUrl2 } = await Promise.resolve().then(() => (init_base_url(), base_url_exports));
        const base = resolveBaseUrl2(baseUrl, "--base-url");
        const key = await readKey2(ctx, flags);
        const candidate = {
          name,
          environment: chosenEnvironment,
          baseUrl: base.href,
          baseUrlSource: "profile",
          apiKey: key,
          keySource: "profile",
          explicit: true
        };
        if (!flags.skipVerify) {
          const check2 = await checkKey(ctx, candidate);
          if (check2.state !== "ok") {
            const exitCode = check2.state === "unreachable" ? ExitCode.network : check2.state === "error" ? ExitCode.failure : ExitCode.auth;
            throw new HireError(`The key was not saved: ${base.href} answered: ${check2.message}.`, {
              exitCode,
              code: check2.state,
              hint: check2.state === "unreachable" ? "Check the base URL and your network, or pass --skip-verify." : "Check the key in your dashboard."
            });
          }
          const headroom = check2.rateLimit ? ` ${check2.rateLimit.remaining} of ${check2.rateLimit.limit} requests left${untilReset(check2.rateLimit.reset)}.` : "";
          ctx.notice(`Key ${maskKey(key)} works with ${base.href}.${headroom}`);
        }
        let makeDefault = flags.setDefault === true;
        if (!makeDefault && ctx.canPrompt && config.default_profile !== name) {
          const { confirm: confirm2 } = await import("@inquirer/prompts");
          makeDefault = await ask(
            () => confirm2({ message: `Make "${name}" the default profile?`, default: !config.default_profile }, promptIO(ctx))
          );
        }
        const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
        await updateConfig2(ctx.env, (next) => {
          next.profiles ??= {};
          next.profiles[name] = {
            ...next.profiles[name],
            environment: chosenEnvironment,
            base_url: base.href,
            api_key: key,
            key_saved_at: (/* @__PURE__ */ new Date()).toISOString()
          };
          if (makeDefault) next.default_profile = name;
        });
        ctx.configChanged();
        ctx.notice(`Saved the key of profile "${name}" (${chosenEnvironment}, ${base.href})${makeDefault ? "; it is now the default profile" : ""}.`);
        if (defaultedToProduction) {
          ctx.notice(`Profile "${name}" is marked production (no --environment given). For a sandbox, log in again with --environment sandbox.`);
        }
      }
    });
  }
});

// src/commands/auth/status.ts
var status_exports2 = {};
__export(status_exports2, {
  default: () => status_default2
});
function keySource(profile, check2) {
  if (profile.keySource === "env") return "HIRE_API_KEY";
  if (profile.keySource === "profile") return "profile";
  if (profile.environment === "local" && check2.state !== "no_key") return "emulator data dir";
  return "none";
}
function formatRateLimit(value) {
  if (!value || typeof value !== "object") return "";
  const { remaining, limit, reset } = value;
  return `${remaining}/${limit}${untilReset(reset)}`;
}
var ROTATE_AFTER_DAYS, EXPIRY_WARNING_DAYS, COLUMNS5, status_default2;
var init_status2 = __esm({
  "src/commands/auth/status.ts"() {
    "use strict";
    init_profiles();
    init_errors();
    init_cells();
    init_render2();
    init_key_check();
    init_define();
    ROTATE_AFTER_DAYS = 90;
    EXPIRY_WARNING_DAYS = 14;
    COLUMNS5 = [
      { key: "profile", lines: 2 },
      { key: "environment", header: "ENV", drop: 2 },
      { key: "base_url", header: "BASE URL", url: true },
      { key: "key", lines: 2 },
      { key: "key_source", header: "SOURCE", lines: 2, drop: 1 },
      { key: "status", status: true },
      { key: "rate_limit", header: "RATE LIMIT", short: "RATE", lines: 2, want: 15, format: (value) => formatRateLimit(value) }
    ];
    status_default2 = defineCommand({
      path: ["auth", "status"],
      summary: "show each profile (or --profile), whether its key works, and the rate-limit headroom",
      effect: "read",
      examples: ["hire auth status", "hire auth status --profile prod --json"],
      async run(ctx) {
        const config = await ctx.config();
        const selected = (await ctx.profile()).name;
        const names = ctx.settings.profile ? [ctx.settings.profile] : profileNames(config);
        const now = Date.now();
        const rows = [];
        let selectedFailed = false;
        for (const name of names) {
          const profile = name === selected ? await ctx.profile() : resolveProfile({ flag: name, env: {}, config });
          const check2 = await checkKey(ctx, profile);
          const warnings = [];
          const savedAt = config.profiles?.[name]?.key_saved_at;
          if (profile.keySource === "profile" && savedAt) {
            const days = Math.floor((now - new Date(savedAt).getTime()) / 864e5);
            if (days > ROTATE_AFTER_DAYS) warnings.push(`the key is ${days} days old; rotating keys every ${ROTATE_AFTER_DAYS} days is advised`);
          }
          if (check2.expiresAt) {
            const days = (new Date(check2.expiresAt).getTime() - now) / 864e5;
            if (days >= 0 && days <= EXPIRY_WARNING_DAYS) warnings.push(`the key expires on ${check2.expiresAt.slice(0, 10)}`);
          }
          if (name === selected && check2.state !== "ok") selectedFailed = true;
          rows.push({
            profile: name === defaultProfileName(config) ? `${name} (default)` : name,
            name,
            default: name === defaultProfileName(config),
            environment: profile.environment,
            base_url: profile.baseUrl,
            key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === "local" ? "(emulator key)" : "",
            key_source: keySource(profile, check2),
            status: check2.state,
            message: check2.message,
            rate_limit: check2.rateLimit ?? null,
            expires_at: check2.expiresAt ?? null,
            warnings
          });
        }
        const json = ctx.settings.format === "json";
        await printList(
          ctx.output,
          json ? rows.map(({ profile: _display, ...row }) => row) : rows,
          COLUMNS5
        );
        if (!json) {
          for (const row of rows) {
            if (row.status !== "ok") ctx.io.stderr.write(`${inert(`${String(row.name)}: ${String(row.message)}`)}
`);
            for (const warning of row.warnings) ctx.warn(`profile "${String(row.name)}": ${warning}.`);
          }
        }
        if (selectedFailed) ctx.exitCode = ExitCode.auth;
      }
    });
  }
});

// src/commands/auth/logout.ts
var logout_exports = {};
__export(logout_exports, {
  default: () => logout_default
});
var logout_default;
var init_logout = __esm({
  "src/commands/auth/logout.ts"() {
    "use strict";
    init_errors();
    init_define();
    init_confirm();
    logout_default = defineCommand({
      path: ["auth", "logout"],
      summary: "remove a profile's stored key (asks first; --yes when not at a terminal)",
      effect: "delete",
      examples: ["hire auth logout --profile prod", "hire auth logout --profile prod --yes"],
      async run(ctx) {
        const { name } = await ctx.profile();
        const config = await ctx.config();
        if (!config.profiles?.[name]?.api_key) {
          throw new UsageError(`Profile "${name}" has no stored key.`, { code: "no_stored_key" });
        }
        if (!await confirmOrRefuse(ctx, `Remove the stored key of profile "${name}"?`, `Refusing to remove the key of profile "${name}"`)) {
          ctx.notice("Nothing was removed.");
          return;
        }
        const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
        await updateConfig2(ctx.env, (next) => {
          const profile = next.profiles?.[name];
          if (profile) {
            delete profile.api_key;
            delete profile.key_saved_at;
          }
        });
        ctx.configChanged();
        ctx.notice(`Removed the key of profile "${name}".`);
      }
    });
  }
});

// src/commands/profiles/describe.ts
async function describeProfile(ctx, name) {
  const config = await ctx.config();
  const profile = resolveProfile({ flag: name, env: {}, config });
  return {
    name,
    environment: profile.environment,
    base_url: profile.baseUrl,
    key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === "local" ? "(emulator key)" : "",
    default: defaultProfileName(config) === name,
    key_saved_at: config.profiles?.[name]?.key_saved_at ?? null
  };
}
var PROFILE_COLUMNS;
var init_describe = __esm({
  "src/commands/profiles/describe.ts"() {
    "use strict";
    init_profiles();
    PROFILE_COLUMNS = [
      { key: "name" },
      { key: "environment", header: "ENV" },
      { key: "base_url", header: "BASE URL", url: true },
      { key: "key" },
      { key: "default", format: (value) => value ? "yes" : "" }
    ];
  }
});

// src/commands/profiles/list.ts
var list_exports7 = {};
__export(list_exports7, {
  default: () => list_default6
});
var list_default6;
var init_list9 = __esm({
  "src/commands/profiles/list.ts"() {
    "use strict";
    init_profiles();
    init_render2();
    init_define();
    init_describe();
    list_default6 = defineCommand({
      path: ["profiles", "list"],
      summary: "list profiles",
      effect: "read",
      examples: ["hire profiles list"],
      async run(ctx) {
        const rows = [];
        for (const name of profileNames(await ctx.config())) rows.push(await describeProfile(ctx, name));
        await printList(ctx.output, rows, PROFILE_COLUMNS);
      }
    });
  }
});

// src/commands/profiles/use.ts
var use_exports = {};
__export(use_exports, {
  default: () => use_default
});
var use_default;
var init_use = __esm({
  "src/commands/profiles/use.ts"() {
    "use strict";
    init_profiles();
    init_errors();
    init_define();
    use_default = defineCommand({
      path: ["profiles", "use"],
      summary: "make a profile the default",
      effect: "write",
      args: { name: arg.required("profile name", { complete: "profiles" }) },
      examples: ["hire profiles use sandbox"],
      async run(ctx, { name }) {
        const config = await ctx.config();
        if (!profileNames(config).includes(name)) {
          throw new UsageError(`Profile "${name}" does not exist. Known profiles: ${profileNames(config).join(", ")}.`, {
            hint: `Create it with \`hire auth login --profile ${name}\`.`
          });
        }
        const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
        await updateConfig2(ctx.env, (next) => {
          next.default_profile = name;
        });
        ctx.configChanged();
        ctx.notice(`"${name}" is now the default profile.`);
      }
    });
  }
});

// src/commands/profiles/show.ts
var show_exports2 = {};
__export(show_exports2, {
  default: () => show_default2
});
var show_default2;
var init_show2 = __esm({
  "src/commands/profiles/show.ts"() {
    "use strict";
    init_render2();
    init_define();
    init_describe();
    show_default2 = defineCommand({
      path: ["profiles", "show"],
      summary: "show a profile (default: the one in use)",
      effect: "read",
      args: { name: arg.optional("profile name", { complete: "profiles" }) },
      examples: ["hire profiles show prod"],
      async run(ctx, { name }) {
        const chosen = name ?? (await ctx.profile()).name;
        await printRecord(ctx.output, await describeProfile(ctx, chosen), [...PROFILE_COLUMNS, { key: "key_saved_at" }]);
      }
    });
  }
});

// src/commands/profiles/remove.ts
var remove_exports2 = {};
__export(remove_exports2, {
  default: () => remove_default2
});
var remove_default2;
var init_remove2 = __esm({
  "src/commands/profiles/remove.ts"() {
    "use strict";
    init_profiles();
    init_errors();
    init_define();
    init_confirm();
    remove_default2 = defineCommand({
      path: ["profiles", "remove"],
      summary: "remove a profile and its key (asks first; --yes when not at a terminal)",
      effect: "delete",
      args: { name: arg.required("profile name", { complete: "profiles" }) },
      examples: ["hire profiles remove staging", "hire profiles remove staging --yes"],
      async run(ctx, { name }) {
        if (BUILT_IN_PROFILES.includes(name)) throw new UsageError(`The built-in ${name} profile cannot be removed.`);
        const config = await ctx.config();
        const profile = config.profiles?.[name];
        if (!profile) {
          throw new UsageError(`Profile "${name}" does not exist. Known profiles: ${profileNames(config).join(", ")}.`, { code: "unknown_profile" });
        }
        const what = `profile "${name}"${profile.api_key ? " and its stored key" : ""}`;
        if (!await confirmOrRefuse(ctx, `Remove ${what}?`, `Refusing to remove ${what}`)) {
          ctx.notice("Nothing was removed.");
          return;
        }
        const { updateConfig: updateConfig2 } = await Promise.resolve().then(() => (init_store2(), store_exports));
        await updateConfig2(ctx.env, (next) => {
          if (next.profiles) delete next.profiles[name];
          if (next.default_profile === name) delete next.default_profile;
        });
        ctx.configChanged();
        ctx.notice(`Removed profile "${name}"${config.default_profile === name ? "; the default is local again" : ""}.`);
      }
    });
  }
});

// src/output/api-body.ts
var api_body_exports = {};
__export(api_body_exports, {
  pageItems: () => pageItems,
  prettyJson: () => prettyJson,
  responseHead: () => responseHead
});
import { STATUS_CODES } from "node:http";
function tokenise(text4) {
  try {
    JSON.parse(text4);
  } catch {
    return void 0;
  }
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text4.length) {
    const match = TOKEN.exec(text4);
    if (!match) break;
    const [, string4, number4, literal, punct] = match;
    const tokenText = string4 ?? number4 ?? literal ?? punct;
    const end = TOKEN.lastIndex;
    tokens.push({ kind: string4 ? "string" : number4 ? "number" : literal ? "literal" : "punct", text: tokenText, start: end - tokenText.length, end });
  }
  return tokens;
}
function prettyJson(text4, painter) {
  const tokens = tokenise(text4);
  if (!tokens) return void 0;
  const containers = [];
  const newline = () => `
${"  ".repeat(containers.length)}`;
  let out = "";
  for (const [index, token] of tokens.entries()) {
    const previous = tokens[index - 1]?.text;
    const next = tokens[index + 1]?.text;
    switch (token.kind) {
      case "string": {
        const isKey = containers.at(-1) === "{" && (previous === "{" || previous === ",");
        out += isKey ? painter.bold(painter.cyan(inert(token.text))) : painter.green(inert(token.text));
        break;
      }
      case "number":
        out += painter.yellow(token.text);
        break;
      case "literal":
        out += painter.dim(token.text);
        break;
      case "punct":
        if (token.text === "{" || token.text === "[") {
          if (next === (token.text === "{" ? "}" : "]")) out += token.text;
          else {
            containers.push(token.text);
            out += token.text + newline();
          }
        } else if (token.text === "}" || token.text === "]") {
          if (previous === (token.text === "}" ? "{" : "[")) out += token.text;
          else {
            containers.pop();
            out += newline() + token.text;
          }
        } else if (token.text === ",") out += `,${newline()}`;
        else out += ": ";
    }
  }
  return out;
}
function pageItems(text4) {
  const tokens = tokenise(text4);
  if (!tokens || tokens[0]?.text !== "{") return void 0;
  let depth = 0;
  let at = -1;
  for (const [index2, token] of tokens.entries()) {
    if (token.text === "{" || token.text === "[") depth++;
    else if (token.text === "}" || token.text === "]") depth--;
    else if (depth === 1 && token.kind === "string" && tokens[index2 + 1]?.text === ":" && JSON.parse(token.text) === "data") at = index2 + 2;
  }
  if (at < 0) return void 0;
  const value = tokens[at];
  const spanEnd = (from) => {
    let level = 0;
    for (let index2 = from; index2 < tokens.length; index2++) {
      const text5 = tokens[index2].text;
      if (text5 === "{" || text5 === "[") level++;
      else if (text5 === "}" || text5 === "]") level--;
      if (level === 0) return index2;
    }
    return tokens.length - 1;
  };
  if (value.text !== "[") return [text4.slice(value.start, tokens[spanEnd(at)].end)];
  const items2 = [];
  let index = at + 1;
  while (tokens[index] && tokens[index].text !== "]") {
    const last = spanEnd(index);
    items2.push(text4.slice(tokens[index].start, tokens[last].end));
    index = last + 1;
    if (tokens[index]?.text === ",") index++;
  }
  return items2;
}
function responseHead(status, headers, painter) {
  const reason2 = STATUS_CODES[status] ?? "";
  const colour = status < 300 ? painter.green : status < 400 ? painter.yellow : painter.red;
  const lines = [painter.bold(colour(`HTTP/1.1 ${status}${reason2 ? ` ${reason2}` : ""}`))];
  for (const name of Object.keys(headers).sort()) lines.push(`${painter.cyan(inert(canonical(name)))}: ${inert(headers[name])}`);
  return `${lines.join("\n")}

`;
}
var TOKEN, canonical;
var init_api_body = __esm({
  "src/output/api-body.ts"() {
    "use strict";
    init_cells();
    TOKEN = /[ \t\r\n]*(?:("[^"\\]*(?:\\.[^"\\]*)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\],:]))/y;
    canonical = (name) => name.replace(/(^|-)([a-z])/g, (_whole, dash, letter) => dash + letter.toUpperCase());
  }
});

// src/commands/api/request.ts
var request_exports = {};
__export(request_exports, {
  default: () => request_default
});
async function print(ctx, stream, text4) {
  const sink = stream === "stdout" ? ctx.io.stdout : ctx.io.stderr;
  const isTTY = stream === "stdout" ? ctx.io.isStdoutTTY : ctx.io.isStderrTTY;
  if (text4 === "") return;
  const { colourLevel: colourLevel2 } = await Promise.resolve().then(() => (init_paint(), paint_exports));
  if (isTTY || colourLevel2({ isTTY, flag: ctx.settings.color, env: ctx.env }) > 0) {
    const [{ prettyJson: prettyJson2 }, painter] = await Promise.all([Promise.resolve().then(() => (init_api_body(), api_body_exports)), ctx.painter(stream)]);
    const pretty = prettyJson2(text4, painter);
    sink.write(`${pretty ?? inertLines(text4.replace(/\n$/, ""))}
`);
    return;
  }
  sink.write(text4.endsWith("\n") ? text4 : `${text4}
`);
}
async function report(ctx, response, show) {
  const ok2 = response.status >= 200 && response.status < 300;
  if (show.include) {
    const { responseHead: responseHead2 } = await Promise.resolve().then(() => (init_api_body(), api_body_exports));
    ctx.io.stdout.write(responseHead2(response.status, response.headers, await ctx.painter("stdout")));
  }
  if (ok2 && show.slurped) {
    const { pageItems: pageItems2 } = await Promise.resolve().then(() => (init_api_body(), api_body_exports));
    const items2 = pageItems2(response.text);
    if (!items2) throw new HireError("--slurp needs JSON pages with `data`; this answer has none. Leave out --slurp to see it as received.", {
      exitCode: ExitCode.failure,
      code: "invalid_response"
    });
    for (const item of items2) show.slurped.push(item);
    return true;
  }
  await print(ctx, ok2 ? "stdout" : "stderr", response.text);
  if (!ok2) {
    let code;
    try {
      code = JSON.parse(response.text).error?.code;
    } catch {
      code = void 0;
    }
    ctx.exitCode = exitCodeForStatus(response.status, code ?? "invalid_response");
    if (!ctx.settings.quiet) ctx.io.stderr.write(`HTTP ${response.status}${code ? ` ${inert(String(code))}` : ""}
`);
    if (response.status >= 300 && response.status < 400) ctx.io.stderr.write(`Error: ${inert(redirectMessage(response.status, response.headers.location))}
`);
  }
  return ok2;
}
function emptyPage(response) {
  try {
    const data = JSON.parse(response.text).data;
    return Array.isArray(data) && data.length === 0;
  } catch {
    return false;
  }
}
function totalPages(response) {
  try {
    const pages2 = JSON.parse(response.text).meta?.total_pages;
    return typeof pages2 === "number" ? pages2 : 1;
  } catch {
    return 1;
  }
}
function normalisePath(raw) {
  const path = raw.startsWith("/") ? raw : `/${raw}`;
  return path.replace(/^\/api\/v\d+(?=\/|$)/, "") || "/";
}
function parseHeaders(lines) {
  const headers = {};
  for (const line of lines) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!match) throw new UsageError(`-H takes 'Name: value' (got "${line}").`);
    headers[match[1].toLowerCase()] = match[2];
  }
  return headers;
}
async function collectFields(ctx, flags) {
  const raw = flags.rawField ?? [];
  const typed = flags.field ?? [];
  if (raw.length === 0 && typed.length === 0) return void 0;
  const body = {};
  for (const pair of raw) {
    const [key, value] = splitPair("-f", pair);
    setField(body, key, value);
  }
  for (const pair of typed) {
    const [key, value] = splitPair("-F", pair);
    setField(body, key, await typedValue(ctx, value));
  }
  return body;
}
function splitPair(flag3, pair) {
  const index = pair.indexOf("=");
  if (index <= 0) throw new UsageError(`${flag3} takes key=value (got "${pair}").`);
  return [pair.slice(0, index), pair.slice(index + 1)];
}
async function typedValue(ctx, value) {
  if (value === "true") return true;
  if (value === "false") return false;
  if (value === "null") return null;
  if (value.startsWith("@")) return readTextInput(ctx, "-F", value.slice(1));
  const number4 = Number(value);
  if (value.trim() !== "" && Number.isFinite(number4) && /^-?\d/.test(value)) return number4;
  return value;
}
function setField(body, key, value) {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`Field name "${key}" is not of the form name, name[sub] or name[].`);
  const segments = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
  let node = body;
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const nextIsList = segments[index + 1] === "";
    if (Array.isArray(node)) {
      if (last) node.push(value);
      else {
        const child = nextIsList ? [] : {};
        node.push(child);
        node = child;
      }
      continue;
    }
    if (last) {
      if (segment === "") throw new UsageError(`Field name "${key}" is not of the form name, name[sub] or name[].`);
      define(node, segment, value);
    } else {
      const existing = own(node, segment);
      const child = existing !== null && typeof existing === "object" ? existing : nextIsList ? [] : {};
      define(node, segment, child);
      node = child;
    }
  }
}
function flattenQuery(fields) {
  const query = {};
  for (const [key, value] of Object.entries(fields)) {
    query[key] = Array.isArray(value) ? value.map(String) : value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return query;
}
var METHODS2, FLAGS2, request_default;
var init_request = __esm({
  "src/commands/api/request.ts"() {
    "use strict";
    init_client();
    init_errors();
    init_merge();
    init_cells();
    init_define();
    init_bulk();
    init_input();
    init_confirm();
    METHODS2 = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    FLAGS2 = {
      method: flag2.parsed((text4) => METHODS2.includes(text4.toUpperCase()) ? text4.toUpperCase() : void 0, {
        short: "-X",
        help: "GET|POST|PUT|PATCH|DELETE (default GET, or POST with fields or --input)",
        choices: METHODS2,
        message: `-X must be one of ${METHODS2.join(", ")} (got "{value}").`
      }),
      rawField: flag2.list({ short: "-f", value: "key=value", help: "a string field (repeatable; query for GET, JSON body otherwise)" }),
      field: flag2.list({ short: "-F", value: "key=value", help: "a typed field: numbers, true, false, null, @file (repeatable)" }),
      header: flag2.list({ short: "-H", help: "an extra header, 'Name: value' (repeatable)" }),
      input: flag2.string({ value: "file", help: "the request body from a file (- for stdin)" }),
      paginate: flag2.boolean({ help: "follow every page of a list" }),
      slurp: flag2.boolean({ help: "with --paginate, print one JSON array of every page's data" }),
      include: flag2.boolean({ short: "-i", help: "print the response status line and headers before the body" }),
      ...BULK_FLAGS
    };
    request_default = defineCommand({
      path: ["api"],
      summary: "send a raw request to the API and print the response (as received when piped)",
      // Any method: at most, a DELETE.
      effect: "delete",
      args: { path: arg.required("path under the base URL, such as /jobs or jobs/job_abc123") },
      flags: FLAGS2,
      examples: ["hire api -X GET /jobs -f status=active", 'hire api -X PATCH /jobs/job_abc123 -f title="Staff Engineer"', "hire api /candidates --paginate --slurp -F per_page=100"],
      async run(ctx, flags) {
        if (flags.slurp && !flags.paginate) throw new UsageError("--slurp works only with --paginate: it merges the pages --paginate fetches into one array.");
        if (flags.slurp && flags.include) throw new UsageError("--include and --slurp cannot be used together: the merged array is not one response.");
        const rawPath = flags.path;
        const fields = await collectFields(ctx, flags);
        if (flags.input !== void 0 && fields !== void 0 && flags.method !== "GET") {
          throw new UsageError("Pass the body either as --input or as -f/-F fields, not both.");
        }
        const method = flags.method ?? (!flags.paginate && (fields !== void 0 || flags.input !== void 0) ? "POST" : "GET");
        if (flags.paginate && method !== "GET") throw new UsageError("--paginate works with GET only.");
        const headers = parseHeaders(flags.header ?? []);
        const path = normalisePath(rawPath);
        const inQuery = method === "GET" || method === "DELETE";
        const query = inQuery && fields ? flattenQuery(fields) : void 0;
        const rawBody = flags.input !== void 0 ? await readTextInput(ctx, "--input", flags.input) : !inQuery && fields ? JSON.stringify(fields) : void 0;
        if (method !== "GET" && !await confirmProductionWrite(ctx, `Send ${method} ${path}`)) return;
        const client = await ctx.api();
        let pagesLeft;
        if (flags.paginate) paceBulk(ctx, client, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft);
        const show = { include: flags.include === true, slurped: flags.slurp ? [] : void 0 };
        let response = await client.send(method, path, { ...query ? { query } : {}, ...rawBody !== void 0 ? { rawBody } : {}, headers });
        if (!await report(ctx, response, show)) return;
        if (!flags.paginate) return;
        const last = totalPages(response);
        for (let page = 2; page <= last && !emptyPage(response); page++) {
          pagesLeft = last - page + 1;
          response = await client.send("GET", path, { query: { ...query, page }, headers });
          if (!await report(ctx, response, show)) return;
        }
        if (show.slurped) await print(ctx, "stdout", `[${show.slurped.join(",")}]`);
      }
    });
  }
});

// src/commands/emulator/start.ts
var start_exports = {};
__export(start_exports, {
  default: () => start_default
});
function startFailure(error, host, port) {
  if (error instanceof DataDirBusyError) {
    return new HireError(error.message, {
      exitCode: ExitCode.failure,
      code: "emulator_running",
      hint: "Stop it first, or pass --data-dir to run another emulator on other data."
    });
  }
  if (error instanceof Error && error.name === "StoreError") return new HireError(error.message, { exitCode: ExitCode.failure, code: "emulator_data" });
  const code = error.code;
  if (code === "EADDRINUSE") {
    return new HireError(`Port ${port} on ${host} is already in use.`, {
      exitCode: ExitCode.failure,
      code: "port_in_use",
      hint: "Pass --port to use another port (0 picks a free one)."
    });
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new HireError(`Cannot listen on ${host}: no such local address.`, { exitCode: ExitCode.usage, code: "bad_host" });
  }
  if (code === "EACCES") {
    return new HireError(`Not allowed to listen on ${host}:${port}.`, { exitCode: ExitCode.failure, code: "port_denied" });
  }
  return new HireError(`The emulator could not start: ${error.message}`, { exitCode: ExitCode.failure, code: "emulator_failed", cause: error });
}
var start_default;
var init_start = __esm({
  "src/commands/emulator/start.ts"() {
    "use strict";
    init_emulator_clock();
    init_paths();
    init_errors();
    init_server();
    init_chaos();
    init_define();
    start_default = defineCommand({
      path: ["emulator", "start"],
      summary: "run the emulator as a standing server until Ctrl-C",
      effect: "write",
      flags: {
        port: flag2.number({ value: "port", help: "port to listen on (0 = any free port)", default: "4010", integer: true, min: 0, max: 65535 }),
        host: flag2.string({ help: "address to listen on", default: "127.0.0.1" }),
        dataDir: flag2.string({ value: "dir", help: "where the emulator keeps its data (default $HIRE_DATA_DIR or ~/.local/share/hire)" }),
        deliveryBackoff: flag2.number({
          value: "ms",
          help: "first webhook retry delay in ms, then \xD75 each time (6 attempts); small for tests",
          default: "5000",
          integer: true,
          min: 1,
          message: '--delivery-backoff must be a whole number of milliseconds (got "{value}").'
        }),
        chaos: flag2.number({
          value: "rate",
          help: "inject faults into this fraction of API requests (0-1): 5xx, 429, latency, drops, cut bodies",
          min: 0,
          max: 1,
          message: '--chaos takes a fraction from 0 to 1 (got "{value}").'
        }),
        clockScale: flag2.number({
          value: "n",
          help: "run the emulator's clock N times faster: rate-limit windows, key expiry, the sandbox's reset (360: an hour in 10 s)",
          min: 1,
          max: MAX_CLOCK_SCALE
        }),
        chaosSeed: flag2.number({ value: "n", help: "the same seed gives the same faults (default 1)", integer: true }),
        chaosWeights: flag2.parsed(parseWeights, {
          value: "list",
          example: "error=2,latency=1",
          help: "how often each fault comes, e.g. error=2,latency=1 (error, rate_limit, latency, drop_before, drop_after, truncate)",
          message: `--chaos-weights takes kind=weight pairs, kinds ${FAULTS.join(", ")} (got "{value}").`
        })
      },
      examples: ["hire emulator start", "hire emulator start --port 4020 --data-dir ./emulator-data", "hire emulator start --chaos 0.2 --chaos-seed 7"],
      async run(ctx, flags) {
        const { port, chaosSeed: seed, chaosWeights: weights } = flags;
        if (flags.chaos === void 0 && (seed !== void 0 || weights !== void 0)) throw new UsageError("--chaos-seed and --chaos-weights go with --chaos RATE.");
        const chaos = flags.chaos === void 0 ? void 0 : { rate: flags.chaos, ...seed !== void 0 ? { seed } : {}, ...weights ? { weights } : {} };
        const dir = flags.dataDir ?? dataDir(ctx.env);
        const backoff = flags.deliveryBackoff;
        const now = emulatorClock(ctx.env, flags.clockScale);
        const paint = await ctx.output.painter("stderr");
        const stopped = new Promise((resolve2) => {
          const remove = ctx.io.onInterrupt((received) => {
            remove();
            resolve2(received);
          });
        });
        let emulator;
        try {
          emulator = await startEmulator({
            ...now ? { now } : {},
            dataDir: dir,
            host: flags.host,
            port,
            mode: "server",
            deliveryBackoffMs: backoff,
            ...chaos ? { chaos } : {},
            onNotice: (message) => ctx.notice(message),
            onRequest: (entry) => ctx.notice(`${entry.method} ${entry.path} \u2192 ${entry.status} (${Math.round(entry.ms)} ms) ${entry.requestId}`, paint.dim)
          });
        } catch (error) {
          throw startFailure(error, flags.host, port);
        }
        ctx.io.stderr.write(
          [
            `Emulator listening on ${emulator.apiUrl} (production; profile local; key in ${emulator.keyFiles.production})`,
            `                  and ${emulator.sandboxApiUrl} (sandbox, reset daily at 00:00 UTC; profile local-sandbox; key in ${emulator.keyFiles.sandbox})`,
            `Data in ${dir}. Press Ctrl-C to stop.`
          ].join("\n") + "\n"
        );
        if (chaos) ctx.notice(`Injecting faults into ${Math.round(chaos.rate * 100)}% of API requests (seed ${chaos.seed ?? 1}).`);
        const signal = await stopped;
        await emulator.close();
        if (emulator.chaosCounts) {
          ctx.notice(`Faults injected: ${Object.entries(emulator.chaosCounts).map(([fault, count3]) => `${fault} ${count3}`).join(", ")}.`);
        }
        ctx.notice("Emulator stopped.");
        if (signal === "SIGINT") ctx.exitCode = ExitCode.interrupted;
      }
    });
  }
});

// src/commands/emulator/simulate.ts
var simulate_exports = {};
__export(simulate_exports, {
  default: () => simulate_default
});
var simulate_default;
var init_simulate2 = __esm({
  "src/commands/emulator/simulate.ts"() {
    "use strict";
    init_emulator();
    init_render2();
    init_define();
    init_local();
    init_plural();
    simulate_default = defineCommand({
      path: ["emulator", "simulate"],
      summary: "make candidates apply to an active job (events are delivered to webhooks)",
      effect: "write",
      flags: {
        job: flag2.string({ value: "id", help: "the job they apply to", required: "--job ID is required: the job candidates apply to." }),
        applications: flag2.number({ value: "n", help: "how many apply", default: "10", integer: true, min: 1 }),
        seed: flag2.number({ value: "n", help: "the same seed gives the same candidates", integer: true, min: 0 }),
        completeAssessments: flag2.boolean({ help: "they also take the assessment: a score 0-100, then review" }),
        advance: flag2.boolean({ help: "they also move along the pipeline (interview, offer, hired, rejected); implies --complete-assessments" })
      },
      examples: ["hire emulator simulate --job job_abc123 --applications 50", "hire emulator simulate --job job_abc123 --applications 200 --advance"],
      async run(ctx, flags) {
        const result = await simulateApplications2(await localClient(ctx), {
          job_id: flags.job,
          applications: flags.applications,
          complete_assessments: flags.completeAssessments === true,
          advance: flags.advance === true,
          ...flags.seed !== void 0 ? { seed: flags.seed } : {}
        });
        if (ctx.settings.format !== "table") {
          await printRecord(ctx.output, result, [{ key: "created" }, { key: "by_status" }]);
          return;
        }
        const spread = Object.entries(result.by_status ?? {}).map(([status, count3]) => `${status}\xA0${count3}`).join(", ");
        const sentence = `${plural(result.created ?? 0, "candidate")} applied to ${flags.job} (${spread}).`;
        const { wrapProse: wrapProse2 } = await Promise.resolve().then(() => (init_fit(), fit_exports));
        const width = ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : Number.POSITIVE_INFINITY;
        ctx.io.stdout.write(`${wrapProse2(sentence, width).join("\n").replaceAll("\xA0", " ")}
`);
      }
    });
  }
});

// src/commands/emulator/keys/columns.ts
var KEY_COLUMNS;
var init_columns6 = __esm({
  "src/commands/emulator/keys/columns.ts"() {
    "use strict";
    KEY_COLUMNS = [
      { key: "id", keepWhole: true },
      { key: "name", lines: 2 },
      { key: "masked", header: "KEY", keepWhole: true },
      { key: "level" },
      { key: "tier", drop: 4 },
      { key: "created_at", header: "CREATED", time: true, drop: 1 },
      { key: "expires_at", header: "EXPIRES", time: true, drop: 2 },
      { key: "revoked_at", header: "REVOKED", time: true, drop: 3 },
      { key: "last_used_at", header: "LAST USED", short: "USED", time: true }
    ];
  }
});

// src/commands/emulator/keys/create.ts
var create_exports3 = {};
__export(create_exports3, {
  default: () => create_default3
});
var create_default3;
var init_create3 = __esm({
  "src/commands/emulator/keys/create.ts"() {
    "use strict";
    init_emulator();
    init_vocabulary();
    init_render2();
    init_define();
    init_duration();
    init_local();
    init_columns6();
    create_default3 = defineCommand({
      path: ["emulator", "keys", "create"],
      summary: "make a key and print it once",
      effect: "write",
      flags: {
        level: flag2.enum(KEY_LEVELS, { help: "{choices} (read: GETs; write: also POST/PATCH; admin: also DELETE)", default: "write" }),
        name: flag2.string({ help: "a name to recognise it by" }),
        tier: flag2.enum(TIERS, { help: "{choices} (the spec's limits)", default: "standard" }),
        expiresIn: flag2.parsed(parseDuration, {
          value: "duration",
          example: "90d",
          help: "expire after 90d, 12h, 30m or 45s",
          message: '--expires-in takes a number and a unit: 90d, 12h, 30m or 45s (got "{value}").'
        }),
        allowIp: flag2.list({ value: "cidr", help: "only from this address or block (repeatable)" }),
        perHour: flag2.number({ value: "n", help: "requests per hour (below the tier's)", integer: true, min: 1 }),
        perDay: flag2.number({ value: "n", help: "requests per day", integer: true, min: 1 }),
        concurrent: flag2.number({ value: "n", help: "requests in flight at once", integer: true, min: 1 })
      },
      examples: ["hire emulator keys create --level read --name dashboards", "hire emulator keys create --level admin --expires-in 90d --allow-ip ::1"],
      async run(ctx, flags) {
        const limits = { hour: flags.perHour, day: flags.perDay, concurrent: flags.concurrent };
        const key = await createKey(await localClient(ctx), {
          level: flags.level,
          tier: flags.tier,
          ...flags.name ? { name: flags.name } : {},
          ...flags.expiresIn !== void 0 ? { expires_in_seconds: flags.expiresIn } : {},
          allow_ips: flags.allowIp ?? [],
          limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== void 0))
        });
        await printRecord(ctx.output, key, [{ key: "key" }, ...KEY_COLUMNS, { key: "limits" }, { key: "allow_ips" }]);
        ctx.notice("Save the key now: it is shown only this once.");
      }
    });
  }
});

// src/commands/emulator/keys/list.ts
var list_exports8 = {};
__export(list_exports8, {
  default: () => list_default7
});
var list_default7;
var init_list10 = __esm({
  "src/commands/emulator/keys/list.ts"() {
    "use strict";
    init_emulator();
    init_render2();
    init_define();
    init_local();
    init_columns6();
    list_default7 = defineCommand({
      path: ["emulator", "keys", "list"],
      summary: "list keys, masked",
      effect: "read",
      examples: ["hire emulator keys list"],
      async run(ctx) {
        await printList(ctx.output, await listKeys(await localClient(ctx)), KEY_COLUMNS);
      }
    });
  }
});

// src/commands/emulator/keys/revoke.ts
var revoke_exports = {};
__export(revoke_exports, {
  default: () => revoke_default
});
var revoke_default;
var init_revoke = __esm({
  "src/commands/emulator/keys/revoke.ts"() {
    "use strict";
    init_emulator();
    init_define();
    init_local();
    init_confirm();
    revoke_default = defineCommand({
      path: ["emulator", "keys", "revoke"],
      summary: "revoke a key: it answers 401 from now on (asks first; --yes when not at a terminal)",
      effect: "delete",
      args: { id: arg.required("key id (key_\u2026)") },
      examples: ["hire emulator keys revoke key_abc123", "hire emulator keys revoke key_abc123 --yes"],
      async run(ctx, { id }) {
        const client = await localClient(ctx);
        if (!await confirmOrRefuse(ctx, `Revoke key ${id}? It cannot be used again.`, `Refusing to revoke key ${id}`)) {
          ctx.notice("Nothing was revoked.");
          return;
        }
        await revokeKey(client, id);
        ctx.notice(`Revoked key ${id}.`);
      }
    });
  }
});

// src/commands/emulator/reset.ts
var reset_exports = {};
__export(reset_exports, {
  default: () => reset_default
});
var reset_default;
var init_reset = __esm({
  "src/commands/emulator/reset.ts"() {
    "use strict";
    init_emulator();
    init_profiles();
    init_render2();
    init_define();
    init_confirm();
    init_local();
    reset_default = defineCommand({
      path: ["emulator", "reset"],
      summary: "delete all jobs, candidates, assessments and webhooks (asks first; --yes when not at a terminal)",
      effect: "delete",
      examples: ["hire emulator reset --yes"],
      async run(ctx) {
        const client = await localClient(ctx);
        const sandbox = targetEnvironment(await ctx.profile()) === "sandbox";
        const where = sandbox ? "the emulator's sandbox (then seeded again)" : "the emulator";
        if (!await confirmOrRefuse(ctx, `Delete every job, candidate, assessment and webhook in ${where}?`, "Refusing to reset the emulator")) {
          ctx.notice("Nothing was deleted.");
          return;
        }
        const result = await resetEmulator(client);
        if (ctx.settings.format !== "table") await printRecord(ctx.output, result, [{ key: "removed" }]);
        else ctx.notice(sandbox ? "The emulator's sandbox is back to its seeded jobs and candidates (keys kept)." : "The emulator is empty again (keys kept).");
      }
    });
  }
});

// src/completion/scripts.ts
function completionScript(shell) {
  return { bash: BASH, zsh: ZSH, fish: FISH }[shell];
}
var BASH, ZSH, FISH, SHELLS;
var init_scripts = __esm({
  "src/completion/scripts.ts"() {
    "use strict";
    BASH = `# bash completion for hire. Load it with:
#   source <(hire completion bash)
# or save it as ~/.local/share/bash-completion/completions/hire
_hire_complete() {
  local candidates line
  candidates=$(hire __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  COMPREPLY=()
  while IFS= read -r line; do
    [[ -n $line ]] && COMPREPLY+=("\${line%%$'\\t'*}")
  done <<< "$candidates"
  if [[ \${#COMPREPLY[@]} -eq 0 ]]; then
    compopt -o default 2>/dev/null
  fi
  return 0
}
complete -F _hire_complete hire
`;
    ZSH = `#compdef hire
# zsh completion for hire. Load it with:
#   source <(hire completion zsh)
# or save it as _hire in a directory of your $fpath.
_hire() {
  local -a candidates
  local line value description
  for line in "\${(@f)$(hire __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}"; do
    [[ -z $line ]] && continue
    value=\${line%%$'\\t'*}
    description=\${line#*$'\\t'}
    [[ $description == "$line" ]] && description=''
    candidates+=("\${value//:/\\\\:}:$description")
  done
  if (( \${#candidates} )); then
    _describe -t hire 'hire' candidates
  else
    _files
  fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _hire "$@"
else
  compdef _hire hire
fi
`;
    FISH = `# fish completion for hire. Load it with:
#   hire completion fish | source
# or save it as ~/.config/fish/completions/hire.fish
function __hire_complete
    set -l words (commandline -opc)
    set -e words[1]
    hire __complete -- $words (commandline -ct) 2>/dev/null
end
complete -c hire -f -a '(__hire_complete)'
complete -c hire -F -n 'test (count (__hire_complete)) -eq 0'
`;
    SHELLS = ["bash", "zsh", "fish"];
  }
});

// src/commands/completion.ts
var completion_exports = {};
__export(completion_exports, {
  default: () => completion_default
});
var completion_default;
var init_completion = __esm({
  "src/commands/completion.ts"() {
    "use strict";
    init_scripts();
    init_define();
    completion_default = defineCommand({
      path: ["completion"],
      summary: "print the shell completion script: bash, zsh or fish",
      effect: "read",
      args: { shell: arg.enum(SHELLS, "bash, zsh or fish", { message: `Shells: ${SHELLS.join(", ")} (got "{value}").` }) },
      examples: ["source <(hire completion bash)", "hire completion fish > ~/.config/fish/completions/hire.fish"],
      async run(ctx, { shell }) {
        ctx.io.stdout.write(completionScript(shell));
      }
    });
  }
});

// src/commands/about.ts
var EXIT_CODES, ENVIRONMENT;
var init_about = __esm({
  "src/commands/about.ts"() {
    "use strict";
    init_errors();
    EXIT_CODES = {
      [ExitCode.ok]: "success",
      [ExitCode.failure]: "API or unexpected failure: a 5xx, a 409 conflict, an unreadable response",
      [ExitCode.usage]: "usage or input error: an unknown command or flag, a value that fails validation, a 400 validation_error",
      [ExitCode.auth]: "authentication or permission: no key, 401 unauthorized or key_expired, 403 forbidden, an invalid webhook signature",
      [ExitCode.notFound]: "not found (404)",
      [ExitCode.rateLimited]: "rate limited (429), after retries or a wait longer than hire waits",
      [ExitCode.network]: "network: refused, DNS, TLS, timeout",
      [ExitCode.interrupted]: "interrupted (Ctrl-C), or a prompt cancelled"
    };
    ENVIRONMENT = {
      HIRE_PROFILE: "profile to use (like --profile)",
      HIRE_API_KEY: "API key, overriding the profile's",
      HIRE_BASE_URL: "API base URL, overriding the profile's; /api/v1 is added when missing; never starts an emulator",
      HIRE_CONFIG_DIR: "config directory (default ~/.config/hire)",
      HIRE_DATA_DIR: "the local emulator's data directory (default ~/.local/share/hire)",
      HIRE_EMULATOR_NOW: "an ISO 8601 time the clock of an emulator that hire starts runs from (tests and demos)",
      NO_COLOR: "no colour in output",
      FORCE_COLOR: "colour even when piped (0 turns it off)",
      CI: "never prompt",
      HTTPS_PROXY: "proxy for https requests to non-loopback hosts",
      HTTP_PROXY: "proxy for http requests to non-loopback hosts",
      NO_PROXY: "hosts reached without the proxy"
    };
  }
});

// src/commands/machine-help.ts
function machineFlag(flag3) {
  const type = flag3.kind === "boolean" ? "boolean" : flag3.kind === "number" ? flag3.integer ? "integer" : "number" : "string";
  const entry = { name: flag3.long.replace(/^--/, ""), type, repeatable: flag3.many === true, required: flag3.required === true, help: flag3.help };
  if (flag3.short) entry.short = flag3.short.replace(/^-/, "");
  if (flag3.choices) entry.choices = flag3.choices;
  if (flag3.default !== void 0) entry.default = flag3.default;
  if (flag3.min !== void 0) entry.min = flag3.min;
  if (flag3.above !== void 0) entry.exclusive_min = flag3.above;
  if (flag3.max !== void 0) entry.max = flag3.max;
  if (flag3.example !== void 0) entry.example = flag3.example;
  if (flag3.hidden) entry.hidden = true;
  return entry;
}
function machineArg(arg2) {
  const entry = { name: arg2.key, help: arg2.help, required: arg2.required, variadic: arg2.variadic === true };
  if (arg2.choices) entry.choices = arg2.choices;
  return entry;
}
function machineCommand(node) {
  const command = node.command;
  if (!command) throw new Error(`${node.path.join(" ")} is no command`);
  return {
    path: command.path,
    summary: command.summary,
    effect: command.effect,
    args: command.args.map(machineArg),
    flags: command.flags.map(machineFlag),
    examples: command.examples
  };
}
function leaves(node) {
  return [...node.command ? [node] : [], ...node.children.flatMap(leaves)];
}
function machineHelp(tree, version) {
  return {
    version,
    commands: leaves(tree).map(machineCommand),
    global_flags: tree.flags.map(machineFlag),
    exit_codes: { ...EXIT_CODES },
    environment: { ...ENVIRONMENT }
  };
}
function machineNode(node) {
  if (node.command) return machineCommand(node);
  return { path: node.path, summary: node.summary, examples: node.examples, commands: leaves(node).map(machineCommand) };
}
var init_machine_help = __esm({
  "src/commands/machine-help.ts"() {
    "use strict";
    init_about();
  }
});

// src/mcp/tools.ts
function flagSchema(flag3) {
  const item = { type: flag3.type };
  if (flag3.choices) item.enum = [...flag3.choices];
  if (flag3.min !== void 0) item.minimum = flag3.min;
  if (flag3.exclusive_min !== void 0) item.exclusiveMinimum = flag3.exclusive_min;
  if (flag3.max !== void 0) item.maximum = flag3.max;
  const about = [flag3.help, flag3.default !== void 0 ? `Default: ${flag3.default}.` : "", flag3.example !== void 0 ? `For example: ${flag3.example}.` : ""].filter(Boolean).join(" ");
  return flag3.repeatable ? { type: "array", items: item, description: about } : { ...item, description: about };
}
function argSchema(arg2) {
  const item = { type: "string", ...arg2.choices ? { enum: [...arg2.choices] } : {} };
  return arg2.variadic ? { type: "array", items: item, minItems: arg2.required ? 1 : 0, description: arg2.help } : { ...item, description: arg2.help };
}
function toolOf(command) {
  const properties = {};
  const required = [];
  for (const arg2 of command.args) {
    properties[arg2.name] = argSchema(arg2);
    if (arg2.required) required.push(arg2.name);
  }
  for (const flag3 of inputFlags(command)) {
    properties[propertyName(flag3.name)] = flagSchema(flag3);
    if (flag3.required) required.push(propertyName(flag3.name));
  }
  if (command.effect === "read") properties.fields ??= FIELDS_PROPERTY;
  const effect = command.effect === "read" ? "Reads only." : command.effect === "write" ? "Creates or changes data." : "May delete data.";
  return {
    name: command.path.join("_"),
    description: `${command.summary}. ${effect} Example: ${command.examples[0] ?? ""}`.replace(/\.\. /g, ". "),
    inputSchema: { type: "object", properties, ...required.length > 0 ? { required } : {}, additionalProperties: false },
    effect: command.effect,
    command
  };
}
function allows(allowed, effect) {
  return effect === "read" || effect === "write" && allowed.writes || effect === "delete" && allowed.writes && allowed.deletes;
}
function refusal(tool) {
  return tool.effect === "delete" ? `${tool.name} may delete data: it is offered only when the server runs with --allow-writes --allow-deletes.` : `${tool.name} changes data: it is offered only when the server runs with --allow-writes.`;
}
function commandLine(tool, input2, extra = []) {
  const flags = new Map(inputFlags(tool.command).map((flag3) => [propertyName(flag3.name), flag3]));
  const words = [...tool.command.path];
  const positional = [];
  for (const [key, value] of Object.entries(input2)) {
    if (value === void 0 || value === null) continue;
    const arg2 = tool.command.args.find((candidate) => candidate.name === key);
    if (arg2) continue;
    if (key === "fields" && !flags.has(key) && tool.effect === "read") {
      words.push(`--fields=${text3(key, value)}`);
      continue;
    }
    const flag3 = flags.get(key);
    if (!flag3) throw new ToolInputError(`${tool.name} has no input "${key}"; it takes: ${[...tool.command.args.map((a) => a.name), ...flags.keys()].join(", ") || "nothing"}.`);
    if (flag3.type === "boolean") {
      if (typeof value !== "boolean") throw new ToolInputError(`${key} must be true or false.`);
      if (value) words.push(`--${flag3.name}`);
      continue;
    }
    const values = flag3.repeatable ? Array.isArray(value) ? value : [value] : [value];
    for (const one of values) words.push(`--${flag3.name}=${text3(key, one)}`);
  }
  for (const arg2 of tool.command.args) {
    const value = input2[arg2.name];
    if (value === void 0 || value === null) continue;
    const values = arg2.variadic && Array.isArray(value) ? value : [value];
    for (const one of values) positional.push(text3(arg2.name, one));
  }
  return positional.length > 0 ? [...words, ...extra, "--", ...positional] : [...words, ...extra];
}
function text3(key, value) {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  throw new ToolInputError(`${key} must be ${Array.isArray(value) ? "one value, not a list" : "text or a number"}.`);
}
var NOT_TOOLS, NOT_INPUTS, propertyName, inputFlags, FIELDS_PROPERTY, ToolInputError;
var init_tools = __esm({
  "src/mcp/tools.ts"() {
    "use strict";
    NOT_TOOLS = {
      mcp: "the server itself",
      "emulator start": "runs until stopped",
      "webhooks listen": "runs until stopped",
      "logs tail": "runs until stopped",
      "auth login": "reads a key from a prompt or stdin",
      completion: "prints a shell script"
    };
    NOT_INPUTS = /* @__PURE__ */ new Set(["interactive"]);
    propertyName = (flag3) => flag3.replaceAll("-", "_");
    inputFlags = (command) => command.flags.filter((flag3) => !flag3.hidden && !NOT_INPUTS.has(flag3.name));
    FIELDS_PROPERTY = {
      type: "string",
      description: "fields to return, in order (comma-separated; nested as location.city); also sent to the API"
    };
    ToolInputError = class extends Error {
    };
  }
});

// src/mcp/server.ts
var server_exports2 = {};
__export(server_exports2, {
  allTools: () => allTools,
  serveMcp: () => serveMcp
});
import { PassThrough, Readable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
async function allTools() {
  const { COMMANDS: COMMANDS2, NOUNS: NOUNS2, ROOT: ROOT2, loadManifest: loadManifest2 } = await Promise.resolve().then(() => (init_program(), program_exports));
  const tree = commandTree(ROOT2, NOUNS2, await loadManifest2(COMMANDS2));
  return leaves(tree).map(machineCommand).filter((command) => NOT_TOOLS[command.path.join(" ")] === void 0).map(toolOf);
}
function globalsOf(ctx) {
  const { settings } = ctx;
  return [
    ...settings.profile ? [`--profile=${settings.profile}`] : [],
    `--timeout=${settings.timeoutMs / 1e3}`,
    `--max-retries=${settings.maxRetries}`,
    "--json",
    "--no-input"
  ];
}
function callIO() {
  let out = "";
  let err = "";
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on("data", (chunk) => out += chunk.toString());
  stderr.on("data", (chunk) => err += chunk.toString());
  const io = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: void 0,
    onInterrupt: () => () => {
    }
  };
  return { io, stdout: () => out, stderr: () => err };
}
function failureOf(stderr, exitCode) {
  const start = stderr.search(/^\{/m);
  if (start >= 0) {
    try {
      const document = JSON.parse(stderr.slice(start));
      return { exit_code: exitCode, ...document };
    } catch {
    }
  }
  return { exit_code: exitCode, error: { code: "failure", message: stderr.trim() || `exit ${exitCode}` } };
}
async function serveMcp(ctx, allowed) {
  const tools = await allTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const { main: main2 } = await Promise.resolve().then(() => (init_cli(), cli_exports));
  const globals = globalsOf(ctx);
  const server = new Server(
    { name: "hire", version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: "hire drives the Hiring Platform API on the profile the server was started with: jobs, candidates, assessments, analytics, webhooks, events. Results are the JSON of `hire \u2026 --json`. Tools that change data are offered only with --allow-writes, and those that delete only with --allow-deletes too."
    }
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.filter((tool) => allows(allowed, tool.effect)).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.effect === "read", destructiveHint: tool.effect === "delete" }
    }))
  }));
  const inFlight = /* @__PURE__ */ new Set();
  const call = async (name, input2) => {
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool named ${name}.`);
    if (!allows(allowed, tool.effect)) return failed({ error: { code: "not_allowed", message: refusal(tool) } });
    let argv;
    try {
      argv = commandLine(tool, input2, tool.effect === "delete" ? [...globals, "--yes"] : globals);
    } catch (error) {
      if (error instanceof ToolInputError) return failed({ exit_code: 2, error: { code: "usage_error", message: error.message } });
      throw error;
    }
    const streams = callIO();
    const code = await main2(argv, streams.io, ctx.env);
    if (code !== 0) return failed(failureOf(streams.stderr(), code));
    const stdout = streams.stdout().trim();
    return { content: [{ type: "text", text: stdout === "" ? "Done." : stdout }] };
  };
  server.setRequestHandler(CallToolRequestSchema, (request2) => {
    const running = call(request2.params.name, request2.params.arguments ?? {});
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running)).catch(() => void 0);
    return running;
  });
  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  const closed = new Promise((resolve2) => {
    server.onclose = () => resolve2();
    ctx.io.stdin.once("end", () => void Promise.allSettled([...inFlight]).then(() => resolve2()));
  });
  const remove = ctx.io.onInterrupt(() => void transport.close());
  try {
    await server.connect(transport);
    await closed;
  } finally {
    remove();
    await server.close().catch(() => void 0);
  }
}
function failed(document) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify(document) }] };
}
var init_server2 = __esm({
  "src/mcp/server.ts"() {
    "use strict";
    init_context();
    init_machine_help();
    init_manifest();
    init_tools();
  }
});

// src/commands/mcp.ts
var mcp_exports = {};
__export(mcp_exports, {
  default: () => mcp_default
});
var mcp_default;
var init_mcp = __esm({
  "src/commands/mcp.ts"() {
    "use strict";
    init_errors();
    init_define();
    mcp_default = defineCommand({
      path: ["mcp"],
      summary: "serve hire to an AI assistant: a Model Context Protocol server on stdin/stdout",
      // At most what it is allowed: with --allow-writes --allow-deletes, deleting tools.
      effect: "delete",
      flags: {
        allowWrites: flag2.boolean({ help: "also offer the tools that create or change data (jobs_create, candidates_move, \u2026)" }),
        allowDeletes: flag2.boolean({ help: "with --allow-writes, also offer those that delete (jobs_delete, webhooks_remove, \u2026)" })
      },
      examples: ["hire mcp", "hire mcp --profile sandbox --allow-writes", "hire mcp --allow-writes --allow-deletes"],
      async run(ctx, { allowWrites, allowDeletes }) {
        if (allowDeletes && !allowWrites) {
          throw new UsageError("--allow-deletes needs --allow-writes too: a tool that deletes also changes data.");
        }
        const { serveMcp: serveMcp2 } = await Promise.resolve().then(() => (init_server2(), server_exports2));
        await serveMcp2(ctx, { writes: allowWrites === true, deletes: allowDeletes === true });
      }
    });
  }
});

// src/program.ts
var program_exports = {};
__export(program_exports, {
  COMMANDS: () => COMMANDS,
  NOUNS: () => NOUNS,
  ROOT: () => ROOT,
  ROOT_HELP_AFTER: () => ROOT_HELP_AFTER,
  loadManifest: () => loadManifest
});
async function loadManifest(registry = COMMANDS) {
  if (registry === COMMANDS && typeof __HIRE_MANIFEST__ !== "undefined") return JSON.parse(__HIRE_MANIFEST__);
  const modules = await Promise.all(registry.map((load2) => load2()));
  return { commands: modules.map((module, index) => manifestOf(module.default, index)) };
}
var COMMANDS, NOUNS, ROOT, ROOT_HELP_AFTER;
var init_program = __esm({
  "src/program.ts"() {
    "use strict";
    init_manifest();
    init_global_flags();
    COMMANDS = [
      () => Promise.resolve().then(() => (init_create(), create_exports)),
      () => Promise.resolve().then(() => (init_import(), import_exports)),
      () => Promise.resolve().then(() => (init_list4(), list_exports2)),
      () => Promise.resolve().then(() => (init_get(), get_exports)),
      () => Promise.resolve().then(() => (init_update(), update_exports)),
      () => Promise.resolve().then(() => (init_publish(), publish_exports)),
      () => Promise.resolve().then(() => (init_pause(), pause_exports)),
      () => Promise.resolve().then(() => (init_close(), close_exports)),
      () => Promise.resolve().then(() => (init_reopen(), reopen_exports)),
      () => Promise.resolve().then(() => (init_delete(), delete_exports)),
      () => Promise.resolve().then(() => (init_list5(), list_exports3)),
      () => Promise.resolve().then(() => (init_get2(), get_exports2)),
      () => Promise.resolve().then(() => (init_move(), move_exports)),
      () => Promise.resolve().then(() => (init_create2(), create_exports2)),
      () => Promise.resolve().then(() => (init_get3(), get_exports3)),
      () => Promise.resolve().then(() => (init_list6(), list_exports4)),
      () => Promise.resolve().then(() => (init_show(), show_exports)),
      () => Promise.resolve().then(() => (init_add(), add_exports)),
      () => Promise.resolve().then(() => (init_list7(), list_exports5)),
      () => Promise.resolve().then(() => (init_deliveries(), deliveries_exports)),
      () => Promise.resolve().then(() => (init_listen(), listen_exports)),
      () => Promise.resolve().then(() => (init_verify(), verify_exports)),
      () => Promise.resolve().then(() => (init_remove(), remove_exports)),
      () => Promise.resolve().then(() => (init_list8(), list_exports6)),
      () => Promise.resolve().then(() => (init_get4(), get_exports4)),
      () => Promise.resolve().then(() => (init_resend(), resend_exports)),
      () => Promise.resolve().then(() => (init_trigger2(), trigger_exports)),
      () => Promise.resolve().then(() => (init_status(), status_exports)),
      () => Promise.resolve().then(() => (init_tail(), tail_exports)),
      () => Promise.resolve().then(() => (init_login(), login_exports)),
      () => Promise.resolve().then(() => (init_status2(), status_exports2)),
      () => Promise.resolve().then(() => (init_logout(), logout_exports)),
      () => Promise.resolve().then(() => (init_list9(), list_exports7)),
      () => Promise.resolve().then(() => (init_use(), use_exports)),
      () => Promise.resolve().then(() => (init_show2(), show_exports2)),
      () => Promise.resolve().then(() => (init_remove2(), remove_exports2)),
      () => Promise.resolve().then(() => (init_request(), request_exports)),
      () => Promise.resolve().then(() => (init_start(), start_exports)),
      () => Promise.resolve().then(() => (init_simulate2(), simulate_exports)),
      () => Promise.resolve().then(() => (init_create3(), create_exports3)),
      () => Promise.resolve().then(() => (init_list10(), list_exports8)),
      () => Promise.resolve().then(() => (init_revoke(), revoke_exports)),
      () => Promise.resolve().then(() => (init_reset(), reset_exports)),
      () => Promise.resolve().then(() => (init_completion(), completion_exports)),
      () => Promise.resolve().then(() => (init_mcp(), mcp_exports))
    ];
    NOUNS = [
      { path: ["jobs"], summary: "create, list and change job postings", examples: ["hire jobs create", "hire jobs list --status active", "hire jobs publish job_abc123"] },
      {
        path: ["candidates"],
        summary: "list candidates and move them through the pipeline",
        examples: ["hire candidates list --status review --score-min 80", "hire candidates move cand_abc123 --status interview"]
      },
      {
        path: ["assessments"],
        summary: "create, list and show AI-generated assessments",
        examples: ["hire assessments create --job job_abc123 --question-count 8", "hire assessments get asmt_abc123 --json"]
      },
      {
        path: ["webhooks"],
        summary: "register and manage webhooks",
        examples: ["hire webhooks add --url https://example.com/hooks --event job.created", "hire webhooks listen --register"]
      },
      {
        path: ["events"],
        summary: "the event log: list events, see every delivery attempt, send one again",
        examples: ["hire events list --kind job.created", "hire events get evt_abc123", "hire events resend evt_abc123"]
      },
      {
        path: ["logs"],
        summary: "the local emulator's request log",
        examples: ["hire logs tail", "hire logs tail --status 4xx --json"]
      },
      {
        path: ["auth"],
        summary: "store, check and remove API keys",
        examples: ["hire auth login --profile prod --base-url https://api.example.com", "hire auth status"]
      },
      { path: ["profiles"], summary: "list, choose and remove profiles", examples: ["hire profiles list", "hire profiles use sandbox"] },
      {
        path: ["emulator"],
        summary: "run and drive the local emulator of the platform",
        examples: ["hire emulator start", "hire emulator simulate --job job_abc123 --applications 50 --advance"]
      },
      {
        path: ["emulator", "keys"],
        summary: "the emulator's API keys: levels, expiry, IP allow-lists, limits",
        examples: ["hire emulator keys create --level read", "hire emulator keys list"]
      }
    ];
    ROOT = {
      summary: "Work with the Hiring Platform API: jobs, candidates, assessments, webhooks, and a local emulator.",
      flags: Object.entries(GLOBAL_FLAGS).map(([key, spec]) => manifestFlag(key, spec)),
      groups: [
        ["Hiring:", ["status", "jobs", "candidates", "assessments", "analytics", "webhooks", "events"]],
        ["Access:", ["auth", "profiles", "api", "mcp"]],
        ["Local platform and shell:", ["emulator", "trigger", "logs", "completion"]]
      ]
    };
    ROOT_HELP_AFTER = `
Examples:
  $ hire status
  $ hire jobs create --title "Backend Engineer" --description-file role.md
  $ hire candidates list --status review --score-min 80 --json

Environment:
  HIRE_PROFILE      profile to use (like --profile)
  HIRE_API_KEY      API key, overriding the profile's
  HIRE_BASE_URL     API base URL, overriding the profile's (starts no emulator)
  HIRE_CONFIG_DIR   config directory (default ~/.config/hire)
  HIRE_DATA_DIR     emulator data directory (default ~/.local/share/hire)
  NO_COLOR, FORCE_COLOR, CI, HTTPS_PROXY, HTTP_PROXY, NO_PROXY

Exit codes:
  0 ok \xB7 1 API or unexpected failure \xB7 2 usage or invalid input
  3 authentication or permission \xB7 4 not found \xB7 5 rate limited \xB7 6 network
  130 interrupted
`;
  }
});

// src/commands/collect.ts
function collect(value, previous) {
  return [...previous ?? [], value];
}
var init_collect = __esm({
  "src/commands/collect.ts"() {
    "use strict";
  }
});

// src/commands/parse.ts
var parse_exports = {};
__export(parse_exports, {
  parseFlags: () => parseFlags,
  parseOptions: () => parseOptions,
  parseSettings: () => parseSettings
});
import * as z8 from "zod/mini";
function fail(ctx, input2, message) {
  ctx.issues.push({ code: "custom", input: input2, message });
  return z8.NEVER;
}
function numberRule(flag3, spec) {
  const { min, max } = spec;
  const kind = spec.integer ? "a whole number" : "a number";
  if (min !== void 0 && max !== void 0) return `${flag3} must be ${kind} from ${min} to ${max}`;
  if (min !== void 0) return `${flag3} must be ${kind} of at least ${min}`;
  if (max !== void 0) return `${flag3} must be ${kind} of at most ${max}`;
  return `${flag3} must be ${kind}`;
}
function flagSchema2(key, spec) {
  const flag3 = longName(key, spec).replace(/^--no-/, "--");
  return z8.transform((value, ctx) => {
    if (value === void 0) {
      if (spec.required) return fail(ctx, value, spec.required);
      return void 0;
    }
    switch (spec.kind) {
      case "boolean":
        return value === true;
      case "list":
        return spec.commas ? items(value) : value;
      case "enum": {
        const choices = spec.choices;
        if (spec.field) return spec.many ? items(value) : value;
        const given = spec.many ? items(value) : [String(value)];
        const bad = given.filter((item) => !choices.includes(item));
        if (bad.length > 0) return fail(ctx, value, said(spec, bad.join(", "), `${flag3} must be one of ${choices.join(", ")} (got "${bad.join(", ")}").`));
        return spec.many ? given : given[0];
      }
      case "number": {
        const text4 = String(value);
        if (spec.field) {
          const number5 = text4.trim() === "" ? Number.NaN : Number(text4);
          return Number.isFinite(number5) ? number5 : text4;
        }
        const number4 = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text4) ? Number(text4) : Number.NaN;
        const ok2 = Number.isFinite(number4) && (spec.above === void 0 || number4 > spec.above) && (!spec.integer || Number.isInteger(number4)) && (spec.min === void 0 || number4 >= spec.min) && (spec.max === void 0 || number4 <= spec.max);
        return ok2 ? number4 : fail(ctx, value, said(spec, text4, `${numberRule(flag3, spec)} (got "${text4}").`));
      }
      case "string": {
        const text4 = String(value);
        if (!spec.parse) return text4;
        const parsed = spec.parse(text4);
        return parsed === void 0 ? fail(ctx, value, said(spec, text4, `${flag3}: not a valid value (got "${text4}").`)) : parsed;
      }
    }
  });
}
function parseFlags(flags, raw) {
  const options = {};
  for (const [key, spec] of Object.entries(flags)) {
    const value = raw[key];
    if (value === void 0 && !spec.required) {
      options[key] = void 0;
      continue;
    }
    const result = flagSchema2(key, spec).safeParse(value, ONCE);
    if (!result.success) throw new UsageError(result.error.issues[0].message);
    options[key] = result.data;
  }
  return options;
}
function parseArgs(args, raw) {
  const options = {};
  Object.entries(args).forEach(([key, spec], index) => {
    const value = raw[index];
    options[key] = value;
    if (value === void 0 || !spec.choices) return;
    const choices = spec.choices;
    const result = z8.transform((given, ctx) => {
      const text4 = String(given);
      if (choices.includes(text4)) return text4;
      return fail(ctx, given, spec.message ? spec.message.replaceAll("{value}", text4) : `Must be one of ${choices.join(", ")} (got "${text4}").`);
    }).safeParse(value, ONCE);
    if (!result.success) throw new UsageError(result.error.issues[0].message);
  });
  return options;
}
function parseSettings(raw) {
  const flags = parseFlags(GLOBAL_FLAGS, raw);
  const json = flags.json === true;
  const output = flags.output;
  if (json && output !== void 0 && output !== "json") throw new UsageError(`--json and --output ${output} disagree; pass one of them.`);
  const fields = typeof flags.fields === "string" ? items(flags.fields) : void 0;
  if (fields?.length === 0) throw new UsageError("--fields needs at least one field name, such as --fields id,title.");
  return Object.freeze({
    profile: flags.profile,
    format: json ? "json" : output ?? "table",
    fields: fields ? Object.freeze(fields) : void 0,
    csvRaw: flags.csvRaw === true,
    color: flags.color !== false,
    quiet: flags.quiet === true,
    verbose: flags.verbose === true,
    timeoutMs: flags.timeout * 1e3,
    maxRetries: flags.maxRetries,
    yes: flags.yes === true,
    input: flags.input !== false
  });
}
function parseOptions(spec, rawFlags, rawArgs) {
  return Object.freeze({ ...parseArgs(spec.args ?? {}, rawArgs), ...parseFlags(spec.flags ?? {}, rawFlags) });
}
var ONCE, said, items;
var init_parse = __esm({
  "src/commands/parse.ts"() {
    "use strict";
    init_errors();
    init_global_flags();
    init_define();
    ONCE = { jitless: true };
    said = (spec, value, fallback) => spec.message ? spec.message.replaceAll("{value}", value) : fallback;
    items = (value) => (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(",")).map((item) => item.trim()).filter((item) => item !== "");
  }
});

// src/commands/tree.ts
import { Command, Option } from "commander";
function addFlag(command, flag3, attributes) {
  const names = `${flag3.short ? `${flag3.short}, ` : ""}${flag3.long}${flag3.value ? ` <${flag3.value}>` : ""}`;
  const positive = flag3.long.replace(/^--no-/, "--");
  if (flag3.negate && command.parent && !command.options.some((option2) => option2.long === positive)) {
    command.addOption(new Option(positive).hideHelp());
  }
  const option = new Option(names, flag3.help);
  if (flag3.kind === "enum" && flag3.choices && !flag3.help.includes(flag3.choices.join("|"))) {
    if (command.parent) option.description += ` (choices: ${flag3.choices.map((choice) => `"${choice}"`).join(", ")})`;
    else option.choices(flag3.choices);
  }
  if (flag3.hidden) option.hideHelp();
  if (flag3.default !== void 0) option.default(flag3.default);
  if (flag3.many) option.argParser(collect);
  command.addOption(option);
  attributes.set(option.attributeName(), flag3.key);
}
function byKey(values, attributes) {
  const out = {};
  for (const [attribute, value] of Object.entries(values)) out[attributes.get(attribute) ?? attribute] = value;
  return out;
}
function populate(command, node, run2, whole) {
  command.description(node.summary);
  if (command.parent) command.exitOverride((error) => failure(command, error));
  if (!whole(node)) {
    pending.set(command, () => fill(command, node, run2, () => true));
    return command;
  }
  return fill(command, node, run2, whole);
}
function fill(command, node, run2, whole) {
  const attributes = /* @__PURE__ */ new Map();
  for (const flag3 of node.flags) addFlag(command, flag3, attributes);
  for (const argument of node.args) {
    const name = `${argument.key}${argument.variadic ? "..." : ""}`;
    command.argument(argument.required ? `<${name}>` : `[${name}]`, argument.help);
  }
  if (node.examples.length > 0) command.addHelpText("after", examplesText(node.examples));
  if (node.path.length > 0) command.addHelpText("after", GLOBAL_OPTIONS_POINTER);
  let group;
  for (const child of node.children) {
    if (child.group && child.group !== group) command.commandsGroup(group = child.group);
    populate(command.command(child.name), child, run2, whole);
  }
  if (node.children.length > 0) {
    command.hook("preSubcommand", (_self, sub) => buildWhole(sub));
    addHelpCommand(command, node);
  }
  const leaf = node.command;
  if (leaf) {
    command.action(async (...values) => {
      const self = values.at(-1);
      await run2(leaf.index, byKey(self.opts(), attributes), values.slice(0, -2));
    });
  }
  return command;
}
function buildWhole(command) {
  const build = pending.get(command);
  pending.delete(command);
  build?.();
}
function failure(command, error) {
  let root = command;
  while (root.parent) root = root.parent;
  failures.get(root)?.(command, error);
  throw error;
}
function addHelpCommand(command, node) {
  const help = command.command("help").argument("[command...]", "the command words").description("show help for a command");
  help.exitOverride((error) => failure(help, error));
  help.action((words) => {
    if (node.path.length === 0 && words.length === 1 && words[0] === "options") {
      if (printedMachineHelp(command, "options")) return;
      command.configureOutput().writeOut(globalOptionsHelp(command));
      return;
    }
    let target = command;
    let at = node;
    for (const [index, word] of words.entries()) {
      const child = at.children.find((candidate) => candidate.name === word);
      const sub = child && target.commands.find((candidate) => candidate.name() === word);
      if (!child || !sub) {
        const within = ["hire", ...at.path].join(" ");
        const options = node.path.length === 0 && index === 0 ? ", `hire help options` for the global options" : "";
        throw new UsageError(`No help for '${words.slice(0, index + 1).join(" ")}': ${within} has no command '${word}'.`, {
          hint: `Usage: ${commandUsage(help)}
Run \`${within} --help\` for ${at.children.length > 0 ? "its commands" : "the flags"}${options}.`
        });
      }
      buildWhole(sub);
      target = sub;
      at = child;
    }
    if (printedMachineHelp(command, at)) return;
    target.outputHelp();
  });
}
function printedMachineHelp(command, about) {
  let root = command;
  while (root.parent) root = root.parent;
  return machineHelpers.get(root)?.(about) ?? false;
}
function globalOptionsHelp(program) {
  const helper = program.createHelp();
  helper.prepareContext({ helpWidth: program.configureOutput().getOutHelpWidth() });
  const options = helper.visibleOptions(program);
  const width = Math.max(...options.map((option) => helper.displayWidth(helper.optionTerm(option))));
  const items2 = options.map((option) => helper.formatItem(helper.optionTerm(option), width, helper.optionDescription(option), helper));
  const intro = helper.boxWrap("Global options work with every command, before or after its words: `hire -p prod jobs list`, `hire jobs list --json`.", helper.helpWidth ?? 80);
  return `Usage: hire [options] COMMAND\u2026

${intro}

Options:
${items2.join("\n")}
`;
}
function commandUsage(command) {
  return command.createHelp().commandUsage(command);
}
function commandAt(program, path) {
  let command = program;
  for (const word of path) command = command?.commands.find((candidate) => candidate.name() === word);
  return command;
}
function commandLineError(command, error, globals) {
  const [first = "", ...rest] = error.message.replace(/^error: /, "").split("\n");
  const sentence = `${first.charAt(0).toUpperCase()}${first.slice(1)}${/[.?!]$/.test(first) ? "" : "."}`;
  const suggestion = rest.map((line) => line.replace(/^\((.*)\)$/, "$1").trim()).filter((line) => line !== "");
  const words = ["hire", ...pathOf(command)].join(" ");
  const next = command.commands.length > 0 ? `Run \`${words} --help\` for its commands.` : `Run \`${words} --help\` for the flags.`;
  return new CommandLineError([sentence, ...suggestion].join(" "), `Usage: ${commandUsage(command)}
${next}`, globals);
}
function pathOf(command) {
  const path = [];
  for (let at = command; at?.parent; at = at.parent) path.unshift(at.name());
  return path;
}
function named(tree, argv) {
  let node = tree;
  for (const word of argv) {
    if (word.startsWith("-")) continue;
    const child = node.children.find((candidate) => candidate.name === word);
    if (!child) break;
    node = child;
  }
  return node === tree ? void 0 : node;
}
function rootValues(program, root) {
  const attributes = /* @__PURE__ */ new Map();
  for (const flag3 of root.flags) attributes.set(new Option(flag3.long).attributeName(), flag3.key);
  return byKey(program.opts(), attributes);
}
function buildCommander(ctx, registry, tree, helpAfter, argv = []) {
  const program = new Command("hire");
  const passing = /* @__PURE__ */ new Set(["commander.helpDisplayed", "commander.version", "commander.help", "commander.executeSubCommandAsync"]);
  const fail2 = (command, error) => {
    if (passing.has(error.code)) throw error;
    const about = command === program ? commandAt(program, named(tree, argv)?.path ?? []) ?? program : command;
    throw commandLineError(about, error, rootValues(program, tree));
  };
  failures.set(program, fail2);
  machineHelpers.set(program, (about) => {
    if (!ctx.wantsJson) return false;
    const document = about === "options" ? { global_flags: tree.flags.map(machineFlag) } : about === tree ? machineHelp(tree, VERSION) : machineNode(about);
    ctx.io.stdout.write(`${JSON.stringify(document, null, 2)}
`);
    return true;
  });
  program.exitOverride((error) => fail2(program, error)).configureOutput({
    writeOut: (text4) => ctx.io.stdout.write(text4),
    // commander quotes argv in its errors: text from outside (CONTRACT §7). Its errors are ours
    // to report (cli.ts); help asked for with an error (`hire jobs`) still goes to stderr.
    writeErr: (text4) => ctx.io.stderr.write(inertLines(text4)),
    outputError: () => {
    },
    // Help is 80 columns wide, or the terminal's width when narrower: the same text at every
    // wider terminal and in pipes, so that the build can write it out (scripts/build.mjs).
    getOutHelpWidth: () => Math.min(80, ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : 80)
  }).showSuggestionAfterError().helpCommand(false).version(VERSION, "-V, --version", "print the version").helpOption("-h, --help", "show help");
  const run2 = async (index, rawFlags, rawArgs) => {
    const [{ default: spec }, { parseOptions: parseOptions2 }] = await Promise.all([registry[index](), Promise.resolve().then(() => (init_parse(), parse_exports))]);
    await spec.run(ctx, parseOptions2(spec, rawFlags, rawArgs));
  };
  const guess = argv.some((word) => word === "--help" || word === "-h" || word === "help") ? void 0 : named(tree, argv);
  const target = guess?.command ? guess : void 0;
  const onPath2 = (node) => target !== void 0 && node.path.every((word, index) => target.path[index] === word);
  populate(program, tree, run2, (node) => target === void 0 || node.path.length === 0 || onPath2(node));
  program.addHelpText("after", helpAfter);
  program.hook("preAction", async () => {
    const { parseSettings: parseSettings2 } = await Promise.resolve().then(() => (init_parse(), parse_exports));
    ctx.applySettings(rootValues(program, tree), parseSettings2);
  });
  return program;
}
var pending, GLOBAL_OPTIONS_POINTER, failures, machineHelpers, CommandLineError;
var init_tree = __esm({
  "src/commands/tree.ts"() {
    "use strict";
    init_context();
    init_errors();
    init_cells();
    init_collect();
    init_machine_help();
    init_manifest();
    pending = /* @__PURE__ */ new WeakMap();
    GLOBAL_OPTIONS_POINTER = "Global options (--json, -o, -p, -q, --no-input, \u2026): `hire help options`";
    failures = /* @__PURE__ */ new WeakMap();
    machineHelpers = /* @__PURE__ */ new WeakMap();
    CommandLineError = class extends UsageError {
      constructor(message, hint, globals) {
        super(message, { hint });
        this.globals = globals;
      }
      globals;
    };
  }
});

// src/completion/complete.ts
var complete_exports = {};
__export(complete_exports, {
  complete: () => complete,
  completeWords: () => completeWords,
  runTab: () => runTab
});
function visibleFlags(path) {
  return path.slice().reverse().flatMap((node) => node.flags.filter((flag3) => !flag3.hidden));
}
async function valuesOf(entry, completers) {
  if (!entry) return [];
  return entry.choices ?? (entry.complete ? await completers(entry.complete) : []);
}
async function complete(tree, words, completers) {
  const current = words.at(-1) ?? "";
  const before = words.slice(0, -1);
  const path = [tree];
  let expecting;
  let positional = 0;
  const find = (token) => visibleFlags(path).find((flag3) => flag3.long === token || flag3.short === token);
  for (const word of before) {
    if (word === "=") continue;
    if (expecting) {
      expecting = void 0;
      continue;
    }
    if (word.startsWith("-")) {
      const flag3 = find(word.split("=", 1)[0]);
      if (flag3?.value && !word.includes("=")) expecting = flag3;
      continue;
    }
    const sub = path.at(-1).children.find((child) => child.name === word);
    if (sub) path.push(sub);
    else positional += 1;
  }
  const node = path.at(-1);
  const matching = (candidates) => candidates.filter((candidate) => candidate.value.startsWith(current));
  const plain2 = (values) => values.map((value) => ({ value, description: "" }));
  if (expecting) return matching(plain2(await valuesOf(expecting, completers)));
  if (current.startsWith("--") && current.includes("=")) {
    const [flag3, partial = ""] = current.split("=", 2);
    return (await valuesOf(find(flag3), completers)).filter((value) => value.startsWith(partial)).map((value) => ({ value: `${flag3}=${value}`, description: "" }));
  }
  if (current.startsWith("-")) {
    return matching(
      visibleFlags(path).flatMap(
        (flag3) => [flag3.long, flag3.short].filter((name) => Boolean(name)).map((value) => ({ value, description: flag3.help }))
      )
    );
  }
  if (node.children.length > 0) return matching(node.children.map((child) => ({ value: child.name, description: child.summary })));
  return matching(plain2(await valuesOf(node.args[positional], completers)));
}
async function profileNames2(ctx) {
  const profiles = await Promise.resolve().then(() => (init_profiles(), profiles_exports));
  try {
    return profiles.profileNames(profiles.readConfig(ctx.env));
  } catch {
    return [...profiles.BUILT_IN_PROFILES];
  }
}
async function completeWords(ctx, words, registry) {
  const tree = commandTree(ROOT, NOUNS, await loadManifest(registry));
  const completers = async (completer) => completer === "profiles" ? profileNames2(ctx) : [];
  for (const candidate of await complete(tree, words, completers)) {
    const description2 = candidate.description.split("\n")[0].replace(/\t/g, " ");
    ctx.io.stdout.write(description2 ? `${candidate.value}	${description2}
` : `${candidate.value}
`);
  }
}
async function runTab(words) {
  const { Context: Context2 } = await Promise.resolve().then(() => (init_context(), context_exports));
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false };
  await completeWords(new Context2({ ...io, columns: void 0, onInterrupt: () => () => {
  } }, process.env), words);
}
var init_complete = __esm({
  "src/completion/complete.ts"() {
    "use strict";
    init_manifest();
    init_program();
  }
});

// src/cli.ts
var cli_exports = {};
__export(cli_exports, {
  buildProgram: () => buildProgram,
  main: () => main,
  run: () => run
});
import { isatty } from "node:tty";
import { CommanderError } from "commander";
async function buildProgram(ctx, registry = COMMANDS, argv = []) {
  const tree = commandTree(ROOT, NOUNS, await loadManifest(registry));
  const leaf = named(tree, argv);
  if (leaf?.command) {
    registry[leaf.command.index]().catch(() => void 0);
    Promise.resolve().then(() => (init_parse(), parse_exports)).catch(() => void 0);
  }
  return buildCommander(ctx, registry, tree, ROOT_HELP_AFTER, argv);
}
async function main(argv, io, env, registry = COMMANDS) {
  const ctx = new Context(io, env);
  try {
    if (argv[0] === "__complete") {
      const { completeWords: completeWords2 } = await Promise.resolve().then(() => (init_complete(), complete_exports));
      await completeWords2(ctx, argv.slice(argv[1] === "--" ? 2 : 1), registry);
      return ExitCode.ok;
    }
    const program = await buildProgram(ctx, registry, argv);
    if (argv.length === 0) {
      program.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync([...argv], { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return await reportError(ctx, error);
  } finally {
    await ctx.dispose();
  }
}
async function reportError(ctx, error) {
  if (error instanceof CommandLineError) {
    const { parseSettings: parseSettings2 } = await Promise.resolve().then(() => (init_parse(), parse_exports));
    try {
      ctx.applySettings(error.globals, parseSettings2);
    } catch {
    }
  }
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") {
      return ExitCode.ok;
    }
    return ExitCode.usage;
  }
  const stderr = ctx.io.stderr;
  if (!(error instanceof HireError)) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`Error: unexpected failure: ${inert(message)}
`);
    if (ctx.settings.verbose && error instanceof Error && error.stack) stderr.write(`${inertLines(error.stack)}
`);
    else stderr.write("Run again with --verbose for details.\n");
    return ExitCode.failure;
  }
  if (ctx.wantsJson) {
    stderr.write(`${inertJson(errorEnvelope(error), 2)}
`);
    return error.exitCode;
  }
  const paint = await ctx.painter("stderr");
  if (error.exitCode === ExitCode.interrupted) {
    stderr.write(`${inert(error.message)}
`);
    return error.exitCode;
  }
  if (error.message) {
    const where = error instanceof ApiError ? ` (${inert(error.code)}, HTTP ${error.status})` : "";
    stderr.write(`${ctx.fitToTerminal(`Error: ${inert(error.message)}${where}`).replace(/^Error:/, paint.red("Error:"))}
`);
  }
  if (error.details) {
    const label2 = error instanceof ValidationError ? error.labelField : (field2) => field2;
    for (const [field2, message] of Object.entries(error.details)) {
      const name = inert(label2(field2));
      stderr.write(`${ctx.fitToTerminal(`  ${name}: ${inert(String(message))}`).replace(`  ${name}:`, `  ${paint.bold(name)}:`)}
`);
    }
  }
  if (error instanceof ApiError && error.requestId) stderr.write(`Request ID: ${inert(error.requestId)}
`);
  const hint = error.hint ?? (error instanceof ApiError ? hintFor(ctx, error) : void 0);
  if (hint) stderr.write(`${paint.dim(ctx.fitToTerminal(inertLines(hint)))}
`);
  if (ctx.settings.verbose && error.cause instanceof Error && error.cause.stack) stderr.write(`${inertLines(error.cause.stack)}
`);
  return error.exitCode;
}
function errorEnvelope(error) {
  if (error instanceof ApiError && isEnvelope(error.body)) return error.body;
  const body = { code: error.code, message: error.message };
  if (error.details) body.details = error.details;
  if (error instanceof ApiError) {
    body.status = error.status;
    return { error: body, ...error.requestId ? { meta: { request_id: error.requestId } } : {} };
  }
  return { error: body };
}
function isEnvelope(body) {
  return body !== null && typeof body === "object" && "error" in body;
}
function hintFor(ctx, error) {
  const profile = ctx.profileName ?? "NAME";
  const fromEnv = ctx.keySource === "env";
  const key = fromEnv ? "The key in HIRE_API_KEY" : `The key of profile "${profile}"`;
  if (fromEnv && error.code === "key_expired") return `The key in HIRE_API_KEY has expired: set HIRE_API_KEY to a current key, or unset it to use the key of profile "${profile}".`;
  if (fromEnv && error.status === 401) return `The key in HIRE_API_KEY was refused: fix HIRE_API_KEY, or unset it to use the key of profile "${profile}".`;
  if (error.code === "key_expired") return `The key of profile "${profile}" has expired: \`hire auth login --profile ${profile}\` stores a new one.`;
  if (error.status === 401) return `Check the key with \`hire auth status --profile ${profile}\`, or store a new one with \`hire auth login --profile ${profile}\`.`;
  if (error.status === 403 && /\bmay not be used from\b|\ballow-?list|\bIP address/i.test(error.message)) {
    return `${key} has an IP allow-list that refuses this address: run hire from an allowed address, or have this one added to the allow-list.`;
  }
  if (error.status === 403) return `${key} lacks the permission level for this operation.`;
  if (error.status === 413) return "The request is larger than the server accepts; shorten the longest fields (a description of many pages, say) and send it again.";
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    if (wait !== void 0 && wait > MAX_WAIT_SECONDS) return `The server asks to wait ${wait} s before trying again, longer than hire waits (${MAX_WAIT_SECONDS} s). Try again later.`;
    const asked = wait === void 0 ? "" : ` The server asks to wait ${wait} s.`;
    return `Rate limited after ${plural(ctx.settings.maxRetries, "retry")}.${asked} Try again later; --max-retries sets how often hire retries.`;
  }
  return void 0;
}
async function run() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const io = {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    isStdinTTY: isatty(0),
    isStdoutTTY: isatty(1),
    isStderrTTY: isatty(2),
    columns: process.stdout.columns,
    stderrColumns: process.stderr.columns,
    onInterrupt(handler) {
      const onInt = () => handler("SIGINT");
      const onTerm = () => handler("SIGTERM");
      process.on("SIGINT", onInt);
      process.on("SIGTERM", onTerm);
      return () => {
        process.off("SIGINT", onInt);
        process.off("SIGTERM", onTerm);
      };
    }
  };
  process.exitCode = await main(process.argv.slice(2), io, process.env);
}
var init_cli = __esm({
  "src/cli.ts"() {
    "use strict";
    init_context();
    init_errors();
    init_cells();
    init_program();
    init_manifest();
    init_tree();
    init_plural();
  }
});

// scripts/help-pages.ts
init_cli();
init_manifest();
init_program();
import { PassThrough as PassThrough2 } from "node:stream";
async function helpOf(path) {
  const stdout = new PassThrough2();
  let text4 = "";
  stdout.on("data", (chunk) => text4 += chunk.toString());
  const io = {
    stdin: new PassThrough2(),
    stdout,
    stderr: new PassThrough2(),
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: void 0,
    onInterrupt: () => () => {
    }
  };
  const code = await main([...path, "--help"], io, {});
  if (code !== 0) throw new Error(`hire ${path.join(" ")} --help exited ${code}`);
  return text4;
}
var manifest = await loadManifest();
var pages = {};
var visit = async (node) => {
  pages[node.path.join(" ")] = await helpOf(node.path);
  for (const child of node.children) await visit(child);
};
await visit(commandTree(ROOT, NOUNS, manifest));
process.stdout.write(JSON.stringify({ manifest, pages }));
