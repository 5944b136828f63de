// Chat-template special tokens: the strings a model server turns into the control tokens that open and
// close the turns of a conversation. vLLM, llama.cpp and Ollama parse them inside message content by
// default, so `<|im_end|><|im_start|>system` in a payload would end the user's turn right there and
// open a system turn, fence or no fence. Untrusted content never carries one through: each is replaced
// by a visible note.
//
// The maintained list. Add a model family's tokens here when a supported provider serves it:
//   <|anything|>, <｜anything｜>   ChatML (Qwen, Yi, ...: <|im_start|>, <|im_end|>), Llama 3 (<|eot_id|>,
//                                 <|start_header_id|>, ...), Phi (<|user|>, <|end|>), GPT / harmony
//                                 (<|endoftext|>, <|start|>, <|message|>, <|channel|>), Command R
//                                 (<|START_OF_TURN_TOKEN|>), DeepSeek (<｜User｜>, with full-width bars)
//   [INST] [/INST] <<SYS>> <</SYS>> <s> </s>                    Llama 2, Mistral
//   [SYSTEM_PROMPT] [AVAILABLE_TOOLS] [TOOL_CALLS] [TOOL_RESULTS] (and their [/...])   Mistral v3+
//   <start_of_turn> <end_of_turn> <bos> <eos>                   Gemma
//   <|begin_of_text|> ... are covered by the first line; so are reserved tokens (<|reserved_special_token_7|>).
// Matching ignores case: a server parses only the exact spelling, but a different case costs nothing
// to catch and some tokenizers normalise.

/** What a special token is replaced by. */
export const SPECIAL_TOKEN_REPLACEMENT = "[special token removed]";

/** The bracketed tokens of the list, as written (the `<|...|>` family is one pattern below). */
export const CHAT_TEMPLATE_TOKENS = [
  "[INST]",
  "[/INST]",
  "<<SYS>>",
  "<</SYS>>",
  "<s>",
  "</s>",
  "[SYSTEM_PROMPT]",
  "[/SYSTEM_PROMPT]",
  "[AVAILABLE_TOOLS]",
  "[/AVAILABLE_TOOLS]",
  "[TOOL_CALLS]",
  "[TOOL_RESULTS]",
  "[/TOOL_RESULTS]",
  "<start_of_turn>",
  "<end_of_turn>",
  "<bos>",
  "<eos>",
] as const;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `<|name|>` with ASCII or full-width bars (a name of letters, digits, `_`, `-`, `.` or
 * DeepSeek's `▁`), or one of the listed tokens. Alternatives are fixed words and one bounded class:
 * linear time.
 */
const TOKEN = new RegExp(
  `<[|｜][\\p{L}\\p{N}_\\-.▁]{1,64}[|｜]>|${CHAT_TEMPLATE_TOKENS.map(literal).join("|")}`,
  "giu",
);

/**
 * The text with every chat-template special token replaced; text without one is returned as it is.
 * One pass is enough: the replacement holds `[` and `]`, which no `<|...|>` name may, and it starts and
 * ends unlike any listed token, so it never joins its neighbours into a new token.
 */
export function neutraliseChatTokens(text: string): string {
  if (!/[<[]/.test(text)) return text;
  return text.replace(TOKEN, SPECIAL_TOKEN_REPLACEMENT);
}
