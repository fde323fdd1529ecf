/**
 * What the question-bank module offers the routes and other modules. The rules live in one file per
 * concern: questions (staff's editor), question-format (the content files' format and its checks),
 * import-export, item-statistics (pure statistics of the answers), item-review (the statistics
 * screen and the review queue), blueprints and citing (questions citing a library document).
 */

export { addBlueprint, listBlueprints, listThemes } from "./blueprints.ts";
export { questionsCitingDocument } from "./citing.ts";
export { exportQuestions, importQuestions } from "./import-export.ts";
export { decideReview, examReliability, itemStatistics, queueDoubtfulQuestions, reviewQueue, statistics } from "./item-review.ts";
export { computeItemStatistics, judgeItem, kr20, MIN_ANSWERS_FOR_FLAG, MIN_ANSWERS_TO_REMOVE } from "./item-statistics.ts";
export { createQuestion, getQuestion, listQuestions, setStatus, toAdmin, updateQuestion } from "./questions.ts";
