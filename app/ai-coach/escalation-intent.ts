// Whether a message asks, in words, for a person to look at the question ("please escalate this to
// an expert", "can a human look at this?", "I'd like to talk to a real coach"). With no model to
// call escalate_to_expert, the offline coach acts on such a request the way the model would. It is
// deliberately conservative: the request must be the writer's own (I, we, or an instruction to the
// coach), aimed at a person of ours, and not a question about a word ("what does escalate mean?"),
// a third party ("my customers want to talk to a real person") or someone else's office ("speak to
// someone at the ATO").

const PERSON = String.raw`(?:(?:a|an|the|one of your|some|your|real|actual|live|human|proper|qualified|\s)+)?(?:human(?:\s+being)?|person|expert|experts|specialist|coach|coaches|someone|somebody|advis[eo]r|consultant|team|people)`;

/** Not one of ours: "someone at the ATO", "a person from the bank". */
const ELSEWHERE = String.raw`(?!\s+(?:at|from|in|on)\s+(?!your\b|clarity))`;

const ASK = String.raw`(?:(?:please|pls|kindly)\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would like)\s+you\s+to\s+)?`;

const REQUESTS: RegExp[] = [
  // "Please escalate this (to an expert)", "can you escalate my question?"
  new RegExp(
    String.raw`^${ASK}escalate\s+(?:this|it|that|my\s+(?:question|query|issue|case|problem|request))\b(?:\s+(?:to|with)\s+${PERSON}\b${ELSEWHERE})?\s*(?:please|for me|now|asap)?\s*[.!?:]*$`,
  ),
  // "I want to escalate this", "I'd like this escalated", "can this be escalated?"
  new RegExp(
    String.raw`^(?:i|we)\s+(?:want|need|would like)\s+(?:to\s+escalate\s+(?:this|it|my\s+question)|(?:this|it)\s+escalated)\b(?:\s+to\s+${PERSON}\b${ELSEWHERE})?\s*(?:please)?\s*[.!?:]*$`,
  ),
  new RegExp(
    String.raw`^(?:please\s+)?(?:can|could)\s+(?:this|it|my question)\s+(?:please\s+)?be\s+escalated\b(?:\s+to\s+${PERSON}\b${ELSEWHERE})?\s*(?:please)?\s*[.!?:]*$`,
  ),
  // "Pass this to an expert", "can you send my question to a human?"
  new RegExp(
    String.raw`^${ASK}(?:pass|send|forward|refer|hand|give)\s+(?:this|it|that|my\s+(?:question|query|case))\s+(?:on\s+|over\s+)?to\s+${PERSON}\b${ELSEWHERE}`,
  ),
  // "Can a human look at this?", "could someone from your team review it"
  new RegExp(
    String.raw`^(?:please\s+)?(?:can|could|would|may)\s+${PERSON}(?:\s+from\s+(?:your|the)\s+team)?\s+(?:please\s+)?(?:look\s+(?:at|over|into)|review|check|read|see|go\s+over|answer|help\s+(?:me\s+)?with)\b`,
  ),
  // "Please have a human check my numbers", "get an expert to look at this"
  new RegExp(
    String.raw`^(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:have|get)\s+${PERSON}\s+(?:to\s+)?(?:look\s+(?:at|over|into)|review|check|read|go\s+over|answer|call|contact|email)\b`,
  ),
  // "I want a human expert to review my plan", "I'd like a real person to look at this"
  new RegExp(
    String.raw`^(?:i|we)\s+(?:want|need|would like|would prefer|would love)\s+${PERSON}\s+to\s+(?:look|review|check|read|see|go\s+over|answer|help|weigh\s+in|call|contact|email)\b`,
  ),
  // "I want to talk to a real coach", "can I speak to a person?", "talk to a human please"
  new RegExp(
    String.raw`^(?:please\s+)?(?:(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?|(?:i|we)\s+(?:want|need|would like|would prefer|would rather)\s+(?:to\s+)?|let\s+me\s+|how\s+(?:can|do)\s+(?:i|we)\s+)?(?:talk|speak|chat)\s+(?:to|with)\s+${PERSON}\b${ELSEWHERE}`,
  ),
  // "Connect me with a person", "put me through to an expert"
  new RegExp(String.raw`^${ASK}(?:connect|put)\s+me\s+(?:with|to|through\s+to|in\s+touch\s+with)\s+${PERSON}\b${ELSEWHERE}`),
  // "I want an expert review", "I'd like a human, please", "human please"
  new RegExp(
    String.raw`^(?:(?:i|we)\s+(?:want|need|would like)\s+)?(?:an?\s+)?(?:expert\s+review|human\s+review|(?:real\s+|actual\s+)?(?:human|person|expert)(?:'s)?\s+(?:opinion|review|input|eyes))\s*(?:on\s+(?:this|it))?\s*(?:please)?\s*[.!:]*$`,
  ),
  new RegExp(
    String.raw`^(?:i|we)\s+(?:want|need|would like)\s+(?:a|an)\s+(?:real\s+|actual\s+)?(?:human|person|human\s+expert|expert)\s*(?:on\s+(?:this|it))?\s*(?:please)?\s*[.!:]*$`,
  ),
  new RegExp(String.raw`^(?:a\s+)?(?:real\s+)?(?:human|person|expert)\s+please\s*[.!:]*$`),
];

/** Greetings and fillers before a request: "Hi, …", "OK thanks, …", "Actually, …". */
const LEAD_IN = /^(?:(?:hi|hello|hey|g'?day|ok|okay|thanks|thank you|cheers|look|actually|honestly|so|and|but|well|sorry)\b[\s,!.-]*)+/;

/** The message's sentences, lower case, with plain apostrophes and the lead-in dropped. */
function sentencesOf(message: string): string[] {
  return message
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\b(i|we)'d\b/g, "$1 would")
    .replace(/\bid (like|prefer|rather|love)\b/g, "i would $1")
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((sentence) => sentence.trim().replace(LEAD_IN, "").trim())
    .filter(Boolean);
}

/** True when the message asks for one of our people to look at the question. */
export function asksForPerson(message: string): boolean {
  return sentencesOf(message.slice(0, 2000)).some((sentence) => REQUESTS.some((pattern) => pattern.test(sentence)));
}

/** The words of a request for a person, which say nothing about the topic; left out when the site's pages are searched. */
const REQUEST_WORDS =
  /\b(?:please|escalate[sd]?|escalating|expert'?s?|human|humans|person|people|someone|somebody|real|actual|coach(?:es)?|specialist|team|talk|speak|chat|look|review|check|pass|send|forward|connect|can|could|would|want|like)\b/gi;

/** The topic of a message that asks for a person: the request's own words taken out ("review my restructure plan" → "my restructure plan"). */
export function topicOfRequest(message: string): string {
  return message.replace(REQUEST_WORDS, " ").replace(/\s+/g, " ").trim();
}
