// The emulator's generated questions fit the role: recruiting, sales, design, data, support,
// engineering, or a general set, chosen from the job's title, department, skills and requirements;
// the same job gets the same questions; right answers score 100 in every family.
import { describe, expect, it } from 'vitest';
import {
  generateQuestions,
  roleFamily,
  ROLE_FAMILIES,
  scoreAnswers,
  TASKS,
  type AssessmentSource,
  type Question,
} from '../../src/emulator/assessments.js';

const TYPES: Question['type'][] = ['multiple_choice', 'ranksort', 'scenario'];
const job = (title: string, extra: Partial<AssessmentSource> = {}): AssessmentSource => ({
  id: 'job_x',
  title,
  ...extra,
});

describe('questions that fit the role', () => {
  it.each([
    ['Senior Recruiter', {}, 'recruiting'],
    ['Talent Partner', {}, 'recruiting'],
    ['Account Executive', {}, 'sales'],
    ['Product Designer', {}, 'design'],
    ['Data Analyst', {}, 'data'],
    ['Customer Support Specialist', {}, 'support'],
    ['Senior Backend Engineer', {}, 'engineering'],
    ['Office Manager', {}, 'general'],
    ['Specialist', { department: 'Talent Acquisition' }, 'recruiting'],
    ['Associate', { skills: ['SQL', 'Tableau'] }, 'data'],
    ['Associate', { requirements: ['Figma', 'user research'] }, 'design'],
  ] as [string, Partial<AssessmentSource>, string][])('%s %j → %s', (title, extra, family) => {
    expect(roleFamily(job(title, extra)).name).toBe(family);
  });

  it('asks a recruiter about recruiting, not about production defects, and the same every time', () => {
    const recruiter = job('Senior Recruiter', { skills: ['sourcing', 'interviewing'] });
    const questions = generateQuestions(recruiter, 9, TYPES);
    expect(generateQuestions(recruiter, 9, TYPES)).toEqual(questions);
    const text = JSON.stringify(questions);
    expect(text).not.toMatch(/production defect|pull requests|refactor|monitoring/i);
    const recruiting = ROLE_FAMILIES.find((family) => family.name === 'recruiting')!;
    for (const question of questions) {
      if (question.type === 'ranksort') for (const item of question.items!) expect(recruiting.tasks).toContain(item);
      if (question.type === 'multiple_choice')
        for (const option of question.options!) expect(recruiting.choices).toContain(option);
    }
  });

  it('scores right answers 100 in every family, and none 0', () => {
    for (const family of ROLE_FAMILIES) {
      const title = family.name === 'general' ? 'Office Manager' : `${family.words[0]} lead`;
      const questions = generateQuestions(job(title), 9, TYPES);
      const choices: Record<string, number> = {};
      const ranks: Record<string, number[]> = {};
      const texts: Record<string, string> = {};
      for (const question of questions) {
        if (question.type === 'multiple_choice') choices[question.id] = question.answer_index!;
        else if (question.type === 'ranksort') {
          const sorted = [...question.items!].sort((a, b) => TASKS.indexOf(a) - TASKS.indexOf(b));
          ranks[question.id] = question.items!.map((item) => sorted.indexOf(item) + 1);
        } else
          texts[question.id] =
            'The main risk is losing the best people; my first step is to talk to the team, and success is measured by a clear metric.';
      }
      expect({ family: family.name, score: scoreAnswers({ questions }, { choices, ranks, texts }) }).toEqual({
        family: family.name,
        score: 100,
      });
      expect(scoreAnswers({ questions }, { choices: {}, ranks: {}, texts: {} })).toBe(0);
    }
  });
});
