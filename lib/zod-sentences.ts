import type * as zc from "zod/v4/core";

// Every rule of a schema a person fills in carries its own sentence, in the words of the form
// that shows it. This is the backstop for a rule that has none (a type a form cannot produce,
// a limit only an API caller meets): a plain sentence in the same voice instead of zod's own
// "Invalid input: expected string, received number" or "Too small: expected…". It is passed to
// each parse whose issues reach a person (the BFF's and the sign-in handlers' bodies, the form
// resolvers), not set globally: the service's answers and the environment keep zod's wording
// for the logs, where a developer reads them.

const count = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

const TYPE_SENTENCES: Record<string, string> = {
  string: "Enter text here.",
  number: "Enter a number.",
  int: "Enter a whole number.",
  boolean: "Choose yes or no.",
  array: "Give a list here.",
  object: "Give the details here.",
  record: "Give the details here.",
  date: "Enter a real date.",
};

const FORMAT_SENTENCES: Record<string, string> = {
  email: "Enter a valid email address, such as name@example.com.",
  date: "Enter a real date.",
  datetime: "Enter a date and a time.",
  time: "Enter a time.",
  url: "Enter a web address, such as https://example.com.",
};

function tooSmall(issue: zc.$ZodIssueTooSmall): string {
  const min = issue.minimum;
  switch (issue.origin) {
    case "string":
      return Number(min) <= 1 ? "Fill in this field." : `Use at least ${count(min, "character")}.`;
    case "array":
    case "set":
      return Number(min) <= 1 ? "Add at least one." : `Add at least ${min}.`;
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false ? `Enter a number above ${min}.` : `Enter ${min} or more.`;
    default:
      return "This is too small.";
  }
}

function tooBig(issue: zc.$ZodIssueTooBig): string {
  const max = issue.maximum;
  switch (issue.origin) {
    case "string":
      return `Use at most ${count(max, "character")}.`;
    case "array":
    case "set":
      return `Give at most ${max} here.`;
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false ? `Enter a number below ${max}.` : `Enter ${max} or less.`;
    default:
      return "This is too large.";
  }
}

/** The sentence for an issue whose rule has none of its own (zod's per-parse `error`). */
export const sentenceForIssue: zc.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "Fill in this field." : (TYPE_SENTENCES[issue.expected] ?? "This is not the right kind of value.");
    case "too_small":
      return tooSmall(issue as zc.$ZodIssueTooSmall);
    case "too_big":
      return tooBig(issue as zc.$ZodIssueTooBig);
    case "invalid_format":
      return FORMAT_SENTENCES[issue.format] ?? "This is not in the right format.";
    case "not_multiple_of":
      return `Enter a multiple of ${issue.divisor}.`;
    case "invalid_value":
    case "invalid_union":
      return "Choose one of the options given.";
    case "unrecognized_keys":
      return "Remove the fields the desk does not take.";
    case "invalid_key":
    case "invalid_element":
      return "Check the entries of this list.";
    default:
      return "Check this value and try again.";
  }
};

/** Parse options for a parse whose issues a person reads: `schema.safeParse(input, FOR_PEOPLE)`. */
export const FOR_PEOPLE = { error: sentenceForIssue } as const;
