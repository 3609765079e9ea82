// Assessments the emulator "generates": deterministic questions built from the job's title,
// skills and requirements (docs/api-choices.md §2), so that tests and demos see stable content.
import { createHash } from 'node:crypto';
import { assessmentConfigWithDefaults, type AssessmentConfig } from '../../domain/job.js';
import { newId } from '../storage/ids.js';
import { GENERAL, ROLE_FAMILIES, TASKS, type RoleFamily, type Wording } from './role-families.js';

export interface Question {
  id: string;
  type: 'ranksort' | 'multiple_choice' | 'scenario';
  prompt: string;
  options?: string[];
  answer_index?: number;
  items?: string[];
  rubric?: string[];
}

export interface Assessment {
  id: string;
  job_id: string | null;
  status: 'ready' | 'draft';
  question_count: number;
  time_limit: number;
  proctoring: boolean;
  question_types: Question['type'][];
  questions: Question[];
  created_at: string;
  updated_at: string;
}

export interface AssessmentSource {
  id: string | null;
  title: string;
  department?: string | undefined;
  skills?: string[] | undefined;
  requirements?: string[] | undefined;
}

/**
 * The role a job is for, from its title (counted thrice), department, skills and requirements:
 * the family whose words it uses most; the general set when none.
 */
export function roleFamily(job: AssessmentSource): RoleFamily {
  const fields = [
    [job.title, 3],
    [job.department ?? '', 1],
    [(job.skills ?? []).join(', '), 1],
    [(job.requirements ?? []).join(', '), 1],
  ] as const;
  let best = GENERAL;
  let bestScore = 0;
  for (const family of ROLE_FAMILIES) {
    let score = 0;
    for (const [text, weight] of fields) {
      const lower = ` ${text.toLowerCase().replace(/[^a-z0-9.+#-]+/g, ' ')} `;
      for (const word of family.words) if (lower.includes(` ${word} `)) score += weight;
    }
    if (score > bestScore) {
      best = family;
      bestScore = score;
    }
  }
  return best;
}

export function generateAssessment(job: AssessmentSource, config: AssessmentConfig | undefined, now: Date): Assessment {
  const settings = assessmentConfigWithDefaults(config);
  const stamp = now.toISOString();
  const questions = settings.auto_generate
    ? generateQuestions(job, settings.question_count, settings.question_types)
    : [];
  return {
    id: newId('asmt'),
    job_id: job.id,
    status: settings.auto_generate ? 'ready' : 'draft',
    question_count: settings.question_count,
    time_limit: settings.time_limit,
    proctoring: settings.proctoring,
    question_types: settings.question_types,
    questions,
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * "a" or "an" before a phrase, by how its first word sounds (docs/api-choices.md §2): a vowel
 * letter takes "an" except where it sounds like "you" or "w" (a user, a unit, a European, a
 * one-day); a silent h takes "an" (an hour, an honest); a short all-capital word is read letter by
 * letter, so it takes "an" when its first letter's name starts with a vowel sound (an SRE, an MBA,
 * an HR lead, a UX designer, an X-ray) — in a title all in capitals only when it has three letters
 * at most ("a HEAD OF SALES"); a number takes "an" when said "eight…", "eleven" or "eighteen".
 */
export function article(phrase: string): 'a' | 'an' {
  const word = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/u.exec(phrase)?.[0] ?? '';
  if (word === '') return 'a';
  if (/^\p{N}/u.test(word)) return /^(8|1[18](?!\d)|1[18]\d{3}(?!\d))/.test(word) ? 'an' : 'a';
  const letters = word.split(/[-'’]/)[0]!;
  if (
    letters.length <= 4 &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase() &&
    (letters.length <= 3 || phrase !== phrase.toUpperCase())
  )
    return 'AEFHILMNORSX'.includes(letters[0]!) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(hour|honest|honor|honour|heir)/.test(lower)) return 'an';
  if (/^(one\b|one-|once|uni|usa|use|usu|uti|ura|ure|uri|uro|eu|ewe|ubiq|uk)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** `phrase` with its article: "an Office Manager", "a UX Designer". */
export const withArticle = (phrase: string): string => `${article(phrase)} ${phrase}`;

/** Text from a job, as one line: trimmed, each run of whitespace one space. */
const oneLine = (text: string): string => text.trim().replace(/\s+/gu, ' ');

/**
 * What questions may be about: the job's skills, else its short requirements (three words at most:
 * a longer one is a sentence, not a topic), else its department; never one the title already says
 * ("Office Manager" in the Office Manager department has no topic).
 */
function topicsOf(job: AssessmentSource, title: string): string[] {
  const said = ` ${title.toLowerCase()} `;
  const fresh = (list: readonly string[]) =>
    list.map(oneLine).filter((topic) => topic !== '' && !said.includes(` ${topic.toLowerCase()} `));
  const skills = fresh(job.skills ?? []);
  if (skills.length > 0) return skills;
  const requirements = fresh(job.requirements ?? []).filter((topic) => topic.split(' ').length <= 3);
  if (requirements.length > 0) return requirements;
  return fresh(job.department === undefined ? [] : [job.department]);
}

/** Questions that fit the role (roleFamily), the same for the same job every time. */
export function generateQuestions(
  job: AssessmentSource,
  count: number,
  types: readonly Question['type'][],
): Question[] {
  const family = roleFamily(job);
  const title = oneLine(job.title) || 'team member';
  const topics = topicsOf(job, title);
  const seed = createHash('sha256')
    .update(JSON.stringify([job.title, job.skills ?? [], job.requirements ?? []]))
    .digest();
  const pick = <T>(list: readonly T[], index: number): T => list[(seed[index % seed.length]! + index) % list.length]!;
  const { choices, tasks } = family;
  const questions: Question[] = [];
  for (let index = 0; index < count; index++) {
    const type = types[index % types.length]!;
    const words: Wording = {
      title,
      role: withArticle(title),
      topic: topics.length === 0 ? undefined : topics[index % topics.length],
    };
    const id = `q_${index + 1}`;
    if (type === 'multiple_choice') {
      const first = pick(choices, index);
      const options = [first, ...choices.filter((choice) => choice !== first)].slice(0, 4);
      const correct = options.findIndex((option) => option === choices[0] || option === choices[4]);
      questions.push({
        id,
        type,
        prompt: family.choicePrompt(words),
        options,
        answer_index: Math.max(0, correct),
      });
    } else if (type === 'ranksort') {
      const start = seed[index % seed.length]! % tasks.length;
      const items = [0, 1, 2, 3].map((offset) => tasks[(start + offset) % tasks.length]!);
      questions.push({ id, type, prompt: family.rankPrompt(words), items });
    } else {
      questions.push({
        id,
        type,
        prompt: family.scenarioPrompt(words, pick(family.situations, index)),
        rubric: ['Names the main risk', 'Proposes a safe first step', 'Says how success is measured'],
      });
    }
  }
  return questions;
}

/** A candidate's answers as the assessment page sends them: a question's id → its answer. */
export interface Answers {
  /** multiple_choice: the chosen option's index. */
  choices: Record<string, number>;
  /** ranksort: the items' ranks (1 = most urgent), in the order of the question's items. */
  ranks: Record<string, number[]>;
  /** scenario: the written answer. */
  texts: Record<string, string>;
}

/** What a scenario answer must touch to meet each line of the rubric. */
const RUBRIC_SIGNS: Record<string, RegExp> = {
  'Names the main risk':
    /\b(risks?|risky|danger|break|fail|outage|regression|lose|losing|churn|unhappy|delay|blocker|bias)/i,
  'Proposes a safe first step': /\b(first|start|begin|small|step|reproduce|rollback|roll back|ask|listen|talk|review)/i,
  'Says how success is measured': /\b(measur|metric|monitor|success|test|alert|track|kpi|target|rate|feedback|survey)/i,
};

/**
 * The score (0–100) of a set of answers: each question counts equally. A choice is right or
 * wrong; a ranking earns the share of task pairs put in the order of TASKS (most urgent first); a
 * scenario earns a share for each rubric line its text touches. Unanswered questions earn nothing.
 */
export function scoreAnswers(assessment: Pick<Assessment, 'questions'>, answers: Answers): number {
  const { questions } = assessment;
  if (questions.length === 0) return 0;
  let earned = 0;
  for (const question of questions) {
    if (question.type === 'multiple_choice') {
      earned += answers.choices[question.id] === question.answer_index ? 1 : 0;
    } else if (question.type === 'ranksort') {
      const ranks = answers.ranks[question.id];
      const items = question.items ?? [];
      if (!ranks || ranks.length !== items.length || items.length < 2) continue;
      let pairs = 0;
      let agreeing = 0;
      for (let a = 0; a < items.length; a++) {
        for (let b = a + 1; b < items.length; b++) {
          pairs += 1;
          const urgent = TASKS.indexOf(items[a]!) < TASKS.indexOf(items[b]!);
          if (urgent === ranks[a]! < ranks[b]!) agreeing += 1;
        }
      }
      earned += agreeing / pairs;
    } else {
      const text = answers.texts[question.id]?.trim() ?? '';
      const rubric = question.rubric ?? [];
      if (text === '' || rubric.length === 0) continue;
      earned += rubric.filter((line) => (RUBRIC_SIGNS[line] ?? /\S/).test(text)).length / rubric.length;
    }
  }
  return Math.round((earned / questions.length) * 100);
}
