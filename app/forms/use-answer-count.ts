import { useState } from "react";

/**
 * How many answers a form has had, counted as each arrives: a key that draws its lists of rows afresh from
 * the newest answer (what was typed after a refusal, what was saved after a save).
 */
export function useAnswerCount(answer: unknown): number {
  const [answers, setAnswers] = useState({ count: 0, answer });
  if (answers.answer === answer) return answers.count;
  setAnswers({ count: answers.count + 1, answer });
  return answers.count + 1;
}
