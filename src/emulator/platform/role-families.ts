// The question bank's wording, by kind of role (docs/api-choices.md §2): for each family, the words
// that point to it and what its questions are made of. question-bank.ts picks the family and builds
// the questions; this is only the material.

/**
 * A kind of role and what its questions are made of. `choices`: six answers to a first-move
 * question, the right ones at 0 and 4; `tasks`: six tasks, most urgent first (the order a ranking
 * is scored against); `situations`: what a scenario puts the candidate in.
 */
export interface RoleFamily {
  name: string;
  /** Words that point to it (whole words, lower case), in the title (counted thrice), department, skills and requirements. */
  words: readonly string[];
  choices: readonly string[];
  tasks: readonly string[];
  situations: readonly string[];
  /** Each prompt reads right with any title: `role` is the title with its article ("an Office Manager"). */
  choicePrompt: (words: Wording) => string;
  rankPrompt: (words: Wording) => string;
  scenarioPrompt: (words: Wording, situation: string) => string;
}

/**
 * What a prompt is built from: the title as written (whitespace collapsed), the title with its
 * article, and the topic (a skill, a short requirement or the department) or none when the job
 * names nothing the title does not already say.
 */
export interface Wording {
  title: string;
  role: string;
  topic: string | undefined;
}

/** ` X` when there is a topic X, else nothing: for a phrase that reads right with or without it. */
const opt = (topic: string | undefined, before = '', after = ''): string =>
  topic === undefined ? '' : `${before}${topic}${after}`;

const ENGINEERING: RoleFamily = {
  name: 'engineering',
  words: [
    'engineer',
    'engineering',
    'developer',
    'software',
    'backend',
    'frontend',
    'full-stack',
    'fullstack',
    'devops',
    'sre',
    'platform',
    'infrastructure',
    'go',
    'rust',
    'java',
    'typescript',
    'javascript',
    'node.js',
    'kubernetes',
    'api',
    'apis',
    'programming',
    'architect',
  ],
  choices: [
    'Start from a small, measurable change and verify it before widening it',
    'Rewrite the component from scratch before understanding its constraints',
    'Ship without tests and fix issues as users report them',
    'Wait for a full specification before making any change',
    'Pair with the owner to learn the history, then propose a plan',
    'Copy the approach of another team without checking it fits',
  ],
  tasks: [
    'Reproduce and fix the reported production defect',
    'Write down the current behaviour and its owners',
    'Add monitoring for the riskiest path',
    'Refactor for readability',
    'Review open pull requests from the team',
    'Plan the next quarter’s roadmap',
  ],
  situations: [
    'has no tests and a deadline next week',
    'works in staging but fails intermittently in production',
    'was built by a team that has since left',
    'must scale to ten times its current load',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a change touches ${topic ?? 'code you do not know yet'}?`,
  rankPrompt: ({ title, topic }) =>
    `Rank these ${opt(topic, '', ' ')}tasks from most to least urgent for a new ${title}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}work ${situation}. Describe your first three steps and why.`,
};

const RECRUITING: RoleFamily = {
  name: 'recruiting',
  words: [
    'recruiter',
    'recruiting',
    'recruitment',
    'talent',
    'sourcing',
    'sourcer',
    'hiring',
    'hr',
    'people',
    'ats',
    'onboarding',
    'employer',
  ],
  choices: [
    'Agree the must-have criteria with the hiring manager before sourcing',
    'Post the role everywhere at once and sort applications later',
    'Drop candidates who do not answer within a day',
    'Copy the last job description without checking what changed',
    'Review the pipeline data to see where candidates drop out, then act there',
    'Promise every candidate a decision within a week whatever the process',
  ],
  tasks: [
    'Answer candidates waiting on an offer decision',
    'Schedule the interviews the hiring manager approved',
    'Screen the new applications for the open role',
    'Update the role’s scorecard with the hiring manager',
    'Source passive candidates for next month’s roles',
    'Tidy the applicant tracking system’s tags',
  ],
  situations: [
    'has fifty applicants and no agreed criteria',
    'lost its top candidate to a counter-offer',
    'has a hiring manager who rejects every shortlist',
    'must be filled in three weeks',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a search${opt(topic, ' for a role needing ')} stalls?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' hiring for roles needing ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. Your first open role${opt(topic, ', which needs ', ',')} ${situation}. Describe your first three steps and why.`,
};

const SALES: RoleFamily = {
  name: 'sales',
  words: [
    'sales',
    'account',
    'executive',
    'bdr',
    'sdr',
    'quota',
    'crm',
    'salesforce',
    'revenue',
    'prospecting',
    'partnerships',
    'business development',
    'negotiation',
    'deals',
  ],
  choices: [
    'Qualify the prospect’s need and budget before proposing anything',
    'Offer the biggest discount at once to close quickly',
    'Send the same proposal to every prospect',
    'Skip the discovery call to save time',
    'Review the lost deals with the team to find the pattern, then adjust',
    'Promise features the product does not have',
  ],
  tasks: [
    'Answer the customer whose renewal is due this week',
    'Send the proposal a qualified prospect asked for',
    'Follow up on last week’s demos',
    'Update the CRM with this week’s calls',
    'Research new accounts for next quarter',
    'Refresh the team’s slide template',
  ],
  situations: [
    'is at 40% of target with a month left',
    'depends on one large customer who is unhappy',
    'has a long list of leads and nobody qualifying them',
    'lost three deals to the same competitor',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a deal${opt(topic, ' involving ')} slows down?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}pipeline ${situation}. Describe your first three steps and why.`,
};

const DESIGN: RoleFamily = {
  name: 'design',
  words: [
    'design',
    'designer',
    'ux',
    'ui',
    'figma',
    'visual',
    'brand',
    'illustration',
    'prototyping',
    'prototype',
    'interaction',
    'usability',
    'user research',
  ],
  choices: [
    'Talk to users to understand the problem before drawing screens',
    'Redesign every screen at once in a new style',
    'Follow the loudest stakeholder’s preference',
    'Skip accessibility checks to meet the date',
    'Test a rough prototype with a few users, then refine it',
    'Copy a competitor’s interface without checking it fits',
  ],
  tasks: [
    'Fix the accessibility defect that blocks checkout',
    'Test the new flow with five users',
    'Review the engineers’ build against the design',
    'Document the components in the design system',
    'Explore ideas for next quarter’s feature',
    'Polish the icons of the settings page',
  ],
  situations: [
    'has no user research behind it',
    'tests poorly with new users',
    'has three conflicting versions in production',
    'must launch in two weeks',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when the ${opt(topic, '', ' ')}experience confuses users?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}design ${situation}. Describe your first three steps and why.`,
};

const DATA: RoleFamily = {
  name: 'data',
  words: [
    'data',
    'analyst',
    'analytics',
    'analysis',
    'sql',
    'statistics',
    'statistical',
    'machine learning',
    'ml',
    'bi',
    'tableau',
    'looker',
    'scientist',
    'etl',
    'warehouse',
    'dashboards',
    'dbt',
  ],
  choices: [
    'Check where the numbers come from and how they are defined before analysing',
    'Build a complex model before looking at the raw data',
    'Report the figure leadership expects',
    'Drop the outliers without looking at them',
    'Start from a small sample, validate it against a known total, then scale up',
    'Reuse last year’s dashboard without checking its queries',
  ],
  tasks: [
    'Fix the broken pipeline feeding the revenue dashboard',
    'Check the numbers in tomorrow’s board report',
    'Document the metric definitions the team disagrees on',
    'Answer the product team’s analysis request',
    'Prototype a forecasting model',
    'Rename the tables in the warehouse',
  ],
  situations: [
    'gives two different totals for the same month',
    'has no owner and undocumented queries',
    'feeds a dashboard leadership relies on daily',
    'must answer a question about a new market by Friday',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a report${opt(topic, ' on ')} looks wrong?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working with ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}data ${situation}. Describe your first three steps and why.`,
};

const SUPPORT: RoleFamily = {
  name: 'support',
  words: [
    'support',
    'helpdesk',
    'help desk',
    'zendesk',
    'customer service',
    'customer success',
    'tickets',
    'ticket',
    'service desk',
    'customer experience',
    'cx',
  ],
  choices: [
    'Acknowledge the customer, reproduce the problem, and say when they will hear back',
    'Close the ticket and ask them to write again if it persists',
    'Blame another team for the problem',
    'Promise a refund before understanding the issue',
    'Look for other tickets with the same problem and escalate the pattern',
    'Answer with a generic help article without reading the ticket',
  ],
  tasks: [
    'Answer the customer who cannot log in to a paid account',
    'Escalate the bug affecting many customers',
    'Reply to this morning’s new tickets',
    'Update the help article that caused confusion',
    'Tag last month’s tickets for the report',
    'Suggest improvements to the ticket form',
  ],
  situations: [
    'has a backlog of two hundred tickets',
    'faces an outage and angry customers',
    'has no saved replies or help articles',
    'gets the same question fifty times a day',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a customer writes in${opt(topic, ' about ')}?`,
  rankPrompt: ({ role, topic }) => `Rank these tasks from most to least urgent for ${role}${opt(topic, ' handling ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}queue ${situation}. Describe your first three steps and why.`,
};

/** The family of a job whose words point to none of the others. */
export const GENERAL: RoleFamily = {
  name: 'general',
  words: [],
  choices: [
    'Understand the goal and who depends on the work before changing anything',
    'Change everything at once to make an impression',
    'Wait to be told exactly what to do',
    'Work alone without telling anyone',
    'Ask the people involved what is blocking them, then take the smallest useful step',
    'Copy what your last team did without checking it fits',
  ],
  tasks: [
    'Resolve the problem blocking a customer today',
    'Meet the people you work with most',
    'Write down how the work is done now',
    'Pick one improvement and plan it',
    'Read the team’s older documents',
    'Tidy the shared folders',
  ],
  situations: [
    'has no written process',
    'is behind schedule',
    'depends on people in three time zones',
    'has changed owners twice this year',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when ${topic === undefined ? 'your work' : `the work on ${topic}`} is not going well?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent in your first week as ${role}${opt(topic, ', working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}work ${situation}. Describe your first three steps and why.`,
};

/** In this order when two fit as well (a "Data Engineer" is asked about data). */
export const ROLE_FAMILIES: readonly RoleFamily[] = [RECRUITING, SALES, DESIGN, DATA, SUPPORT, ENGINEERING, GENERAL];

/** Every family's tasks, each family's most urgent first: the order rankings are scored against. */
export const TASKS: readonly string[] = ROLE_FAMILIES.flatMap((family) => family.tasks);
