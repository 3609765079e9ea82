// Assessments the emulator "generates": deterministic questions built from the job's title,
// skills and requirements (CONTRACT §6), so that tests and demos see stable content.
import { createHash } from 'node:crypto';
import { assessmentConfigWithDefaults, type AssessmentConfig } from '../domain/job.js';
import { everyKey } from '../domain/rules.js';
import { newId } from './ids.js';

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

/** What GET /assessments may sort by, select and filter on. */
export const ASSESSMENT_RECORD_FIELDS: readonly string[] = everyKey<Assessment>()([
  'id',
  'job_id',
  'status',
  'question_count',
  'time_limit',
  'proctoring',
  'question_types',
  'questions',
  'created_at',
  'updated_at',
]);

export interface AssessmentSource {
  id: string | null;
  title: string;
  skills?: string[] | undefined;
  requirements?: string[] | undefined;
}

const CHOICES = [
  'Start from a small, measurable change and verify it before widening it',
  'Rewrite the component from scratch before understanding its constraints',
  'Ship without tests and fix issues as users report them',
  'Wait for a full specification before making any change',
  'Pair with the owner to learn the history, then propose a plan',
  'Copy the approach of another team without checking it fits',
];
/** Ranking tasks, most urgent first: the order a ranking question is scored against. */
export const TASKS = [
  'Reproduce and fix the reported production defect',
  'Write down the current behaviour and its owners',
  'Add monitoring for the riskiest path',
  'Refactor for readability',
  'Review open pull requests from the team',
  'Plan the next quarter’s roadmap',
];
const SITUATIONS = [
  'has no tests and a deadline next week',
  'works in staging but fails intermittently in production',
  'was built by a team that has since left',
  'must scale to ten times its current load',
];

export function generateAssessment(job: AssessmentSource, config: AssessmentConfig | undefined, now: Date): Assessment {
  const settings = assessmentConfigWithDefaults(config);
  const stamp = now.toISOString();
  const questions = settings.auto_generate ? generateQuestions(job, settings.question_count, settings.question_types) : [];
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

export function generateQuestions(job: AssessmentSource, count: number, types: readonly Question['type'][]): Question[] {
  const topics = [...(job.skills ?? []), ...(job.requirements ?? [])];
  if (topics.length === 0) topics.push(job.title);
  const seed = createHash('sha256').update(JSON.stringify([job.title, job.skills ?? [], job.requirements ?? []])).digest();
  const pick = <T>(list: readonly T[], index: number): T => list[(seed[index % seed.length]! + index) % list.length]!;
  const questions: Question[] = [];
  for (let index = 0; index < count; index++) {
    const type = types[index % types.length]!;
    const topic = topics[index % topics.length]!;
    const id = `q_${index + 1}`;
    if (type === 'multiple_choice') {
      const first = pick(CHOICES, index);
      const options = [first, ...CHOICES.filter((choice) => choice !== first)].slice(0, 4);
      const correct = options.findIndex((option) => option === CHOICES[0] || option === CHOICES[4]);
      questions.push({
        id,
        type,
        prompt: `As a ${job.title}, what is the best first move when a change touches ${topic}?`,
        options,
        answer_index: Math.max(0, correct),
      });
    } else if (type === 'ranksort') {
      const start = seed[index % seed.length]! % TASKS.length;
      const items = [0, 1, 2, 3].map((offset) => TASKS[(start + offset) % TASKS.length]!);
      questions.push({ id, type, prompt: `Rank these ${topic} tasks from most to least urgent for a new ${job.title}.`, items });
    } else {
      questions.push({
        id,
        type,
        prompt: `You join as ${job.title}. The ${topic} work ${pick(SITUATIONS, index)}. Describe your first three steps and why.`,
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
  'Names the main risk': /\b(risks?|risky|danger|break|fail|outage|regression)/i,
  'Proposes a safe first step': /\b(first|start|begin|small|step|reproduce|rollback|roll back)/i,
  'Says how success is measured': /\b(measur|metric|monitor|success|test|alert|track)/i,
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
