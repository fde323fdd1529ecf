/**
 * What the quiz module offers the routes and other modules. The rules live in one file per
 * concern: catalogue (tracks and blueprints), onboarding, generation (making a quiz),
 * attempts (answering, scoring, reviews) and progress (mastery, readiness, dashboard).
 */

export { deleteQuiz, getQuiz, listQuizzes, submitQuiz, updateQuiz } from "./attempts.ts";
export { endBreak, startBreak } from "./breaks.ts";
export { refitItems, startCalibrationJob } from "./calibration.ts";
export { listTracks } from "./catalogue.ts";
export { coachingBrief } from "./coaching-brief.ts";
export { confidenceToMastery, createQuiz, previewQuiz } from "./generation.ts";
export { contentImage } from "./images.ts";
export { createOfflinePack } from "./offline-pack.ts";
export { syncOfflineAnswers } from "./offline-sync.ts";
export { getOnboarding, saveOnboarding } from "./onboarding.ts";
export { dashboard, progress } from "./progress.ts";
export { resultPdf } from "./result-pdf.ts";
