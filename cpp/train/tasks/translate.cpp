// The lexicon and grammar of the toy English -> French task (docs/tasks.md).
//
// English noun phrase: DET [small|big] [black|green|blue|red] NOUN; French: DET [petit|grand]
// NOUN [noir|vert|bleu|rouge], determiner and adjectives agreeing with the noun's gender.
// Sentence: NP VERB NP (transitive verb) or NP VERB (intransitive). Each French word translates
// exactly one English word; a colour adjective and its noun swap places (a crossed pair).
#include "train/tasks/translate.h"

namespace attn::train {
namespace {

struct Word {
  const char* english;
  const char* masculine;  ///< the French word; for a noun its only form
  const char* feminine;   ///< for determiners and adjectives; nouns: "" (masculine) or "f"
};

const Word kDeterminers[] = {{"the", "le", "la"}, {"a", "un", "une"}};
const Word kNouns[] = {{"cat", "chat", ""},      {"dog", "chien", ""},    {"bird", "oiseau", ""},
                       {"boy", "garçon", ""},    {"book", "livre", ""},   {"boat", "bateau", ""},
                       {"sun", "soleil", ""},    {"car", "voiture", "f"}, {"house", "maison", "f"},
                       {"flower", "fleur", "f"}, {"girl", "fille", "f"},  {"table", "table", "f"},
                       {"moon", "lune", "f"},    {"city", "ville", "f"}};
const Word kSizes[] = {{"small", "petit", "petite"}, {"big", "grand", "grande"}};
const Word kColours[] = {{"black", "noir", "noire"},
                         {"green", "vert", "verte"},
                         {"blue", "bleu", "bleue"},
                         {"red", "rouge", "rouge"}};
const Word kVerbs[] = {{"sees", "voit", "t"},  {"likes", "aime", "t"}, {"follows", "suit", "t"},
                       {"eats", "mange", "t"}, {"sleeps", "dort", ""}, {"runs", "court", ""}};

constexpr int kNounCount = 14, kVerbCount = 6;

struct Phrase {
  int determiner = 0, size = -1, colour = -1, noun = 0;  ///< -1: no such adjective
};

struct Sentence {
  Phrase subject;
  int verb = 0;
  Phrase object;  ///< used when the verb is transitive
};

bool transitive(int verb) { return kVerbs[verb].feminine[0] == 't'; }

int pick(SplitMix64* stream, int n) {
  return static_cast<int>(stream->next() % static_cast<std::uint64_t>(n));
}

Phrase random_phrase(SplitMix64* s) {
  Phrase p;
  p.determiner = pick(s, 2);
  p.size = pick(s, 3) - 1;    // none, small, big
  p.colour = pick(s, 5) - 1;  // none or one of four
  p.noun = pick(s, kNounCount);
  return p;
}

// Appends one French word aligned to English word `en` (an index into e->source).
void add(Example* e, const std::string& french, int en, WordKind kind, bool crossed, int noun) {
  e->target.push_back(french);
  e->aligned.push_back(en);
  e->kind.push_back(kind);
  e->crossed.push_back(crossed);
  e->noun_of.push_back(kind == WordKind::Determiner ? noun : -1);
}

void render(const Phrase& p, Example* e) {
  const bool fem = kNouns[p.noun].feminine[0] == 'f';
  auto form = [fem](const Word& w) { return std::string(fem ? w.feminine : w.masculine); };
  const int det = static_cast<int>(e->source.size());
  e->source.push_back(kDeterminers[p.determiner].english);
  const int size = p.size >= 0 ? static_cast<int>(e->source.size()) : -1;
  if (p.size >= 0) e->source.push_back(kSizes[p.size].english);
  const int colour = p.colour >= 0 ? static_cast<int>(e->source.size()) : -1;
  if (p.colour >= 0) e->source.push_back(kColours[p.colour].english);
  const int noun = static_cast<int>(e->source.size());
  e->source.push_back(kNouns[p.noun].english);

  const bool crossed = p.colour >= 0;
  add(e, form(kDeterminers[p.determiner]), det, WordKind::Determiner, false, noun);
  if (p.size >= 0) add(e, form(kSizes[p.size]), size, WordKind::Adjective, false, -1);
  add(e, kNouns[p.noun].masculine, noun, WordKind::Noun, crossed, -1);
  if (p.colour >= 0) add(e, form(kColours[p.colour]), colour, WordKind::Adjective, true, -1);
}

Example render(const Sentence& s) {
  Example e;
  render(s.subject, &e);
  add(&e, kVerbs[s.verb].masculine, static_cast<int>(e.source.size()), WordKind::Verb, false, -1);
  e.source.push_back(kVerbs[s.verb].english);
  if (transitive(s.verb)) render(s.object, &e);
  return e;
}

// Index of `word` in the English column of `table`, or -1.
template <std::size_t N>
int find(const Word (&table)[N], const std::string& word) {
  for (std::size_t i = 0; i < N; ++i) {
    if (word == table[i].english) return static_cast<int>(i);
  }
  return -1;
}

// Reads a noun phrase at words[*at]; advances *at. False if the words are not one.
bool parse_phrase(const std::vector<std::string>& words, std::size_t* at, Phrase* p) {
  auto next = [&](auto& table) { return *at < words.size() ? find(table, words[*at]) : -1; };
  if ((p->determiner = next(kDeterminers)) < 0) return false;
  ++*at;
  if ((p->size = next(kSizes)) >= 0) ++*at;
  if ((p->colour = next(kColours)) >= 0) ++*at;
  if ((p->noun = next(kNouns)) < 0) return false;
  ++*at;
  return true;
}

}  // namespace

TranslateTask::TranslateTask() {
  std::vector<std::string> english, french = {"<s>", "</s>"};
  auto both = [&](const Word& w, bool forms) {
    english.push_back(w.english);
    french.push_back(w.masculine);
    if (forms && std::string(w.feminine) != w.masculine) french.push_back(w.feminine);
  };
  for (const Word& w : kDeterminers) both(w, true);
  for (const Word& w : kNouns) both(w, false);
  for (const Word& w : kSizes) both(w, true);
  for (const Word& w : kColours) both(w, true);
  for (const Word& w : kVerbs) both(w, false);
  source_ = Vocab(english);
  target_ = Vocab(french);
}

ModelConfig TranslateTask::model_config(const TrainConfig& config) const {
  ModelConfig m;
  m.d_model = config.d_model;
  m.heads = config.heads;
  m.d_ff = config.d_ff;
  m.encoder = true;
  m.encoder_self_attention = config.encoder_self_attention;
  m.encoder_layers = 1;
  m.decoder_layers = 1;
  m.source_vocab = source_.size();
  m.target_vocab = target_.size();
  return m;
}

Batch TranslateTask::to_batch(const std::vector<Example>& examples) const {
  Batch b;
  for (const Example& e : examples) {
    b.source.push_back(ids_of(source_, e.source));
    std::vector<int> french = ids_of(target_, e.target);
    std::vector<int> input = {kStart};
    input.insert(input.end(), french.begin(), french.end());
    french.push_back(kEnd);
    b.input.push_back(std::move(input));
    b.target.push_back(std::move(french));
  }
  return b;
}

Example TranslateTask::probe() const {
  Sentence s;
  s.subject = {0, 0, 0, 0};  // the small black cat
  s.verb = 0;                // sees
  s.object = {1, -1, 3, 7};  // a red car
  return render(s);
}

std::optional<Example> TranslateTask::reference(const std::vector<std::string>& source) const {
  Sentence s;
  std::size_t at = 0;
  if (!parse_phrase(source, &at, &s.subject) || at >= source.size()) return std::nullopt;
  if ((s.verb = find(kVerbs, source[at++])) < 0) return std::nullopt;
  if (transitive(s.verb) && !parse_phrase(source, &at, &s.object)) return std::nullopt;
  if (at != source.size()) return std::nullopt;
  return render(s);
}

Example TranslateTask::random_example(SplitMix64* stream) const {
  Sentence s;
  s.subject = random_phrase(stream);
  s.verb = pick(stream, kVerbCount);
  s.object = random_phrase(stream);  // drawn always, so the stream's use does not depend on it
  return render(s);
}

}  // namespace attn::train
