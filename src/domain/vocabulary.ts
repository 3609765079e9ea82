// The spec's enumerations, written once (spec "Resources and their fields", "States and transitions").

export const JOB_STATUSES = ['draft', 'active', 'paused', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const CANDIDATE_STATUSES = [
  'new',
  'screening',
  'review',
  'interview',
  'offer',
  'hired',
  'rejected',
] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'lead', 'executive'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export const LOCATION_TYPES = ['remote', 'hybrid', 'onsite'] as const;
export const SALARY_PERIODS = ['hourly', 'monthly', 'yearly'] as const;
export const QUESTION_TYPES = ['ranksort', 'multiple_choice', 'scenario'] as const;

export const EVENT_KINDS = [
  'job.created',
  'assessment.generated',
  'application.received',
  'application.created',
  'assessment.completed',
  'candidate.statusChanged',
  'interview.scheduled',
  'offer.extended',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

// Spec "Authentication" and "Limits": key permission levels and rate-limit tiers.
export const KEY_LEVELS = ['read', 'write', 'admin'] as const;
export const TIERS = ['standard', 'enterprise'] as const;

// Spec "Limits": job creation bounds.
export const DESCRIPTION_MIN_CHARS = 100;
export const QUESTION_COUNT = { min: 5, max: 20, default: 10 } as const;
export const TIME_LIMIT_SECONDS = { min: 300, max: 1800, default: 300 } as const;

// ISO 3166-1 alpha-2: the officially assigned codes.
const ISO_3166_ALPHA2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';
export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_3166_ALPHA2.split(' '));
