import { unicodeWords } from '../../../../text/unicode-words.js';
/**
 * Text written for an AI model rather than for the reader ("Ignore previous instructions and …",
 * "Note to the AI: …"). It is left out of the summary without comment. Business text that merely
 * mentions a model ("two changes to the model this week") is content: a line counts only when it
 * addresses a model and tells it what to do, or uses a prompt-injection formula outright.
 */

const FORMULA =
  unicodeWords(/\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:instructions?|prompts?|rules|guidelines|directives|system message)\b|\b(?:system|developer)\s+prompt\b|\byou are now\b|\bnew instructions?\s*:|\bas an ai\b|\bif you are an? (?:ai|llm|language model|assistant|bot|summari[sz]er)\b|<\|im_(?:start|end)\|>|\[\/?INST\]|\b(?:zignoruj|pomiń|zapomnij)\b.{0,40}\b(?:instrukcj|polece|zasad)|\bjesteś teraz\b|\b(?:ignoriere|vergiss|missachte)\b.{0,40}\b(?:anweisungen|anweisung|regeln|vorgaben)\b|\bdu bist (?:jetzt|nun)\b|以前の指示を無視|<{2,}\s*\/?\s*(?:end[\s_-]?)?(?:mail[\s_-]?content|mail[\s_-]?attachment|owner[\s_-]?instructions)/iu);

const AI = String.raw`(?:ai|a\.i\.|llm|gpt|chatgpt|claude|gemini|copilot|language model|ai (?:assistant|model|agent|bot)|assistant|summari[sz]er|bot|model|ki|sztuczn\p{L}+ inteligencj\p{L}+|asystenci?e?|アシスタント)`;

/** Names that only ever mean a model ("the model", "the assistant" may well be people or products). */
const AI_ONLY = String.raw`(?:ai|a\.i\.|llm|gpt|chatgpt|claude|gemini|copilot|language model|ai (?:assistant|model|agent|bot)|summari[sz]er|ki)`;

/** "Note to the AI:", "Dear assistant,", "AI: …", "Hinweis an die KI:" at the start of a line. */
const ADDRESS = unicodeWords(new RegExp(
  String.raw`^\W*(?:(?:note|message|instructions?|attention|hinweis|nachricht|uwaga|wiadomość)\s+(?:to|for|an|für|dla|do)\s+(?:the\s+|any\s+|die\s+|den\s+)?${AI}|(?:dear|hey|hi|hello|to the|to any|attention|liebe[rs]?|drogi|droga)\s+${AI}|(?:assistant|${AI_ONLY})\s*:)`,
  'iu',
));

/** "AI assistants must …", "…, the summariser should …": a model told what to do, mid-line. */
const COMMAND = unicodeWords(new RegExp(
  String.raw`\b(?:any|all|the|every|dear|hey)\s+${AI_ONLY}s?\b[^.!?]{0,20}\b(?:must|should|shall|will|needs? to|has to|is to|are to|please)\b|\b${AI_ONLY}s?\s*,\s*(?:please\s+)?(?:ignore|disregard|write|output|say|respond|reply|include|add|summari[sz]e|mark|classify|tell|do not|don't|instead|forward|send)\b|\b(?:when|while|if)\s+(?:you(?:'re| are)\s+)?summari[sz]ing\s+this\b`,
  'iu',
));

export function isInjection(text: string): boolean {
  return FORMULA.test(text) || ADDRESS.test(text) || COMMAND.test(text);
}

/** A paragraph that opens by addressing a model is dropped whole: what follows is its instruction. */
export function opensInjection(text: string): boolean {
  return ADDRESS.test(text);
}
