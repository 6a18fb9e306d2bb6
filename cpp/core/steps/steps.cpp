// The step sequence (steps.h): the order of the walkthrough, what each step reads and writes, and
// which steps touch a fully masked query. The words and formulas of a step are in steps_text.cpp.
#include "steps/steps.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "steps/steps_text.h"

namespace attn {
namespace {

/// Makes the operands of one scenario's steps: labels (steps.h) and cell ranges.
class OperandMaker {
 public:
  OperandMaker(const Scenario& s, const Trace& t) : s_(s), t_(t) {}

  /// The whole matrix `id` (of `head` for per-head ids): cells = every cell.
  Operand whole(MatrixId id, int head = -1) const {
    Operand o;
    o.matrix = id;
    o.head = is_per_head(id) ? head : -1;
    o.label = label(id, head);
    const Matrix& m = trace_matrix(t_, id, head);
    o.rows = static_cast<int>(m.rows());
    o.cols = static_cast<int>(m.cols());
    o.cells = {0, o.rows, 0, o.cols};
    return o;
  }

  /// Row `query` of a per-head (m, n) or (m, d) matrix, named "q_{4}" etc.; the whole matrix when
  /// query is -1.
  Operand rows(MatrixId id, int head, int query) const {
    Operand o = whole(id, head);
    if (query >= 0) with_part(o, {query, 1, 0, o.cols}, row_label(id, query));
    return o;
  }

  /// Head `head`'s block of a matrix whose heads sit side by side (the registry's shape rule):
  /// the row `head` of one with a row per head (v_a: (1, d_a)), else the head's columns, as wide
  /// as its columns over the heads: W_Q^{(h)} (d_model, d_k), W_a (d_k, d_k), b_V (1, d_v), ...
  /// K's and V's matrices (W_K, b_K, W_V, b_V) hold kv_heads blocks: head h reads its K/V head's.
  Operand head_block(MatrixId id, int head) const {
    Operand o = whole(id);
    const MatrixInfo& info = *matrix_info(static_cast<int>(id));
    const bool by_row = info.rows == Dim::Heads;
    const bool kv = info.cols == Dim::KvDK || info.cols == Dim::KvDV;
    const int block = kv ? t_.heads[static_cast<std::size_t>(head)].kv_head : head;
    const int width = o.cols / (kv ? t_.kv_heads : static_cast<int>(t_.heads.size()));
    const CellRange part =
        by_row ? CellRange{head, 1, 0, o.cols} : CellRange{0, o.rows, block * width, width};
    with_part(o, part, block_label(id, block));
    return o;
  }

  /// K_h shown transposed, (d_k, n); cells stay in stored (n, d_k) coordinates.
  Operand transposed(MatrixId id, int head) const {
    Operand o = whole(id, head);
    o.transposed = true;
    o.label += "^{\\top}";
    return o;
  }

 private:
  static bool is_per_head(MatrixId id) { return matrix_info(static_cast<int>(id))->per_head; }

  /// Sets the cells the step uses and, when they are less than the whole matrix, their name.
  static void with_part(Operand& o, CellRange cells, const std::string& part) {
    o.cells = cells;
    const bool all = cells.rows == o.rows && cells.cols == o.cols;
    o.part = all ? "" : part;
  }

  /// A head's block of a weight or scoring parameter: "W_Q^{(2)}" (label + the 1-based head).
  std::string block_label(MatrixId id, int head) const {
    return label(id, head) + "^{(" + std::to_string(head + 1) + ")}";
  }

  /// Query `query`'s row of a per-head matrix: "q_{4}", "s_{4}", "\\tilde{s}_{4}", ... (1-based),
  /// the registry's row symbol; "" for a matrix without one.
  static std::string row_label(MatrixId id, int query) {
    const std::string row = matrix_info(static_cast<int>(id))->row_tex;
    return row.empty() ? "" : row + "_{" + std::to_string(query + 1) + "}";
  }

  /// LaTeX label of the whole matrix, the registry's symbol; a head's subscript is 1-based and
  /// left out with a single head; self-attention's one input is X.
  std::string label(MatrixId id, int head) const {
    const MatrixInfo& info = *matrix_info(static_cast<int>(id));
    if ((id == MatrixId::Xq || id == MatrixId::Xkv) && s_.is_self_attention()) return "X";
    const bool sub = info.per_head && t_.heads.size() > 1;
    return info.tex + (sub ? "_{" + std::to_string(head + 1) + "}" : "");
  }

  const Scenario& s_;
  const Trace& t_;
};

Step make_step(Stage stage, int head, int query, std::vector<Operand> operands, Operand result) {
  Step st;
  st.stage = stage;
  st.head = head;
  st.query = query;
  st.operands = std::move(operands);
  st.result = std::move(result);
  return st;
}

// --- One function per stage. `query` is a query row, or -1 for the whole matrix. ---

/// Whether the trace has matrix `id` (a bias, W_O: the registry's getter says).
bool has(const Trace& t, MatrixId id) {
  return matrix_info(static_cast<int>(id))->get(t, 0) != nullptr;
}

/// A projection stage's matrices by registry id: input X, weights W, bias b, the head's result.
struct Projection {
  Stage stage;
  MatrixId x, w, b, result;
};
constexpr Projection kProjections[] = {
    {Stage::ProjectQ, MatrixId::Xq, MatrixId::Wq, MatrixId::BQ, MatrixId::Q},
    {Stage::ProjectK, MatrixId::Xkv, MatrixId::Wk, MatrixId::BK, MatrixId::K},
    {Stage::ProjectV, MatrixId::Xkv, MatrixId::Wv, MatrixId::BV, MatrixId::V},
};

/// Q_h = X_q W_Q[:, block h] (+ b_Q[block h]) (m, d_k); K_h, V_h likewise from X_kv: (n, d_k),
/// (n, d_v). The bias's block is the third operand when the trace has that bias.
Step project(const OperandMaker& op, const Trace& t, Stage stage, int head) {
  const Projection& p = *std::find_if(std::begin(kProjections), std::end(kProjections),
                                      [&](const Projection& row) { return row.stage == stage; });
  std::vector<Operand> operands = {op.whole(p.x), op.head_block(p.w, head)};
  if (has(t, p.b)) operands.push_back(op.head_block(p.b, head));
  return make_step(stage, head, -1, std::move(operands), op.whole(p.result, head));
}

/// Row(s) of S_h (1 or m, n) from Q_h (1 or m, d_k), K_h (n, d_k) and the scoring parameters
/// (operand order in steps.h): Q_h K_h^T, Q_h W_a K_h^T, or tanh(q_i W_1 + k_j W_2) v_a^T.
/// With RoPE the scores read the rotated q and k.
Step scores(const OperandMaker& op, const Trace& t, int head, int query) {
  const bool rotated = t.heads[static_cast<std::size_t>(head)].q_rotated.has_value();
  const MatrixId q = rotated ? MatrixId::QRotated : MatrixId::Q;
  const MatrixId k = rotated ? MatrixId::KRotated : MatrixId::K;
  std::vector<Operand> operands = {op.rows(q, head, query)};
  if (t.score == ScoreKind::General) {
    operands.push_back(op.head_block(MatrixId::WBilinear, head));
    operands.push_back(op.transposed(k, head));
  } else if (t.score == ScoreKind::Additive) {
    operands.push_back(op.head_block(MatrixId::WAdditiveQ, head));
    operands.push_back(op.whole(k, head));
    operands.push_back(op.head_block(MatrixId::WAdditiveK, head));
    operands.push_back(op.head_block(MatrixId::VAdditive, head));
  } else {
    operands.push_back(op.transposed(k, head));
  }
  return make_step(Stage::Scores, head, query, std::move(operands),
                   op.rows(MatrixId::Scores, head, query));
}

/// One input matrix -> one output matrix of the same shape, row by row: (1 or m, n).
Step elementwise(const OperandMaker& op, Stage stage, MatrixId in, MatrixId out, int head,
                 int query) {
  return make_step(stage, head, query, {op.rows(in, head, query)}, op.rows(out, head, query));
}

/// Row(s) of O_h = A_h V_h: (1 or m, n) x (n, d_v) -> (1 or m, d_v).
Step weighted_sum(const OperandMaker& op, int head, int query) {
  return make_step(Stage::WeightedSum, head, query,
                   {op.rows(MatrixId::Weights, head, query), op.whole(MatrixId::V, head)},
                   op.rows(MatrixId::HeadOutput, head, query));
}

/// h x (m, d_v) -> Concat (m, h*d_v).
Step concat(const OperandMaker& op, int heads) {
  std::vector<Operand> outputs;
  for (int h = 0; h < heads; ++h) outputs.push_back(op.whole(MatrixId::HeadOutput, h));
  return make_step(Stage::Concat, -1, -1, outputs, op.whole(MatrixId::Concat));
}

/// Concat (m, h*d_v) x W_O (h*d_v, d_model) (+ b_O (1, d_model)) -> Y (m, d_model).
Step output_projection(const OperandMaker& op, const Trace& t) {
  std::vector<Operand> operands = {op.whole(MatrixId::Concat), op.whole(MatrixId::Wo)};
  if (has(t, MatrixId::BO)) operands.push_back(op.whole(MatrixId::BO));
  return make_step(Stage::OutputProjection, -1, -1, std::move(operands),
                   op.whole(MatrixId::Output));
}

/// Whether the trace turns q and k by RoPE (each head has q_rotated), or biases by ALiBi.
bool has_rope(const Trace& t) { return !t.heads.empty() && t.heads[0].q_rotated.has_value(); }
bool has_alibi(const Trace& t) { return !t.heads.empty() && t.heads[0].biased.has_value(); }

/// What the mask reads: S̃_h + B_h with ALiBi, else the scaled scores (S_h without a Scale).
MatrixId before_mask(const Trace& t) {
  if (has_alibi(t)) return MatrixId::Biased;
  return score_variant(t.score).scaled ? MatrixId::Scaled : MatrixId::Scores;
}

/// The keys of RopeQ .. WeightedSum for one query row (or the whole matrix when query is -1).
void append_row_keys(const Trace& t, int head, int query, std::vector<StepKey>& out) {
  if (has_rope(t)) out.push_back({Stage::RopeQ, head, query});
  out.push_back({Stage::Scores, head, query});
  // Only scaled dot-product attention has a Scale step; the other kinds go on from S_h itself.
  if (score_variant(t.score).scaled) out.push_back({Stage::Scale, head, query});
  if (has_alibi(t)) out.push_back({Stage::Alibi, head, query});
  if (t.has_mask) out.push_back({Stage::Mask, head, query});
  out.push_back({Stage::Softmax, head, query});
  out.push_back({Stage::WeightedSum, head, query});
}

/// The operands and result of the step at `key` (no flag, no text yet).
Step structure(const OperandMaker& op, const Trace& t, const StepKey& key) {
  const int head = key.head, query = key.query;
  const bool scale = score_variant(t.score).scaled;
  const MatrixId scaled = scale ? MatrixId::Scaled : MatrixId::Scores;
  switch (key.stage) {
    case Stage::RopeK:  // K_h (n, d_k) -> K̄_h, every key at once
      return elementwise(op, Stage::RopeK, MatrixId::K, MatrixId::KRotated, head, -1);
    case Stage::RopeQ:  // q_i (1, d_k) -> q̄_i, or Q_h -> Q̄_h
      return elementwise(op, Stage::RopeQ, MatrixId::Q, MatrixId::QRotated, head, query);
    case Stage::Alibi:  // s̃_i + b_i (1, n), or S̃_h + B_h (m, n)
      return make_step(Stage::Alibi, head, query,
                       {op.rows(scaled, head, query), op.rows(MatrixId::Bias, head, query)},
                       op.rows(MatrixId::Biased, head, query));
    case Stage::ProjectQ:
    case Stage::ProjectK:
    case Stage::ProjectV:
      return project(op, t, key.stage, head);
    case Stage::Scores:
      return scores(op, t, head, query);
    case Stage::Scale:
      return elementwise(op, Stage::Scale, MatrixId::Scores, MatrixId::Scaled, head, query);
    case Stage::Mask:
      return elementwise(op, Stage::Mask, before_mask(t), MatrixId::Masked, head, query);
    case Stage::Softmax:
      return elementwise(op, Stage::Softmax, t.has_mask ? MatrixId::Masked : before_mask(t),
                         MatrixId::Weights, head, query);
    case Stage::WeightedSum:
      return weighted_sum(op, head, query);
    case Stage::Concat:
      return concat(op, static_cast<int>(t.heads.size()));
    case Stage::OutputProjection:
      return output_projection(op, t);
  }
  return concat(op, static_cast<int>(t.heads.size()));
}

/// Whether the result rows of `st` include a fully masked query, from Scores on (steps.h).
bool touches_fully_masked(const Step& st, const std::vector<int>& fully_masked) {
  if (stage_order(st.stage) < stage_order(Stage::Scores)) return false;
  const CellRange& c = st.result.cells;
  return std::any_of(fully_masked.begin(), fully_masked.end(),
                     [&](int q) { return q >= c.row0 && q < c.row0 + c.rows; });
}

}  // namespace

int stage_order(Stage s) {
  // The walk: projections, RoPE (K̄, then each q̄), scores, scale, ALiBi, mask, softmax, ...
  static constexpr Stage kWalk[] = {
      Stage::ProjectQ,    Stage::ProjectK, Stage::ProjectV,        Stage::RopeK, Stage::RopeQ,
      Stage::Scores,      Stage::Scale,    Stage::Alibi,           Stage::Mask,  Stage::Softmax,
      Stage::WeightedSum, Stage::Concat,   Stage::OutputProjection};
  return static_cast<int>(std::find(std::begin(kWalk), std::end(kWalk), s) - std::begin(kWalk));
}

std::vector<StepKey> step_keys(const Trace& t, Granularity g) {
  const int heads = static_cast<int>(t.heads.size());
  const int m = static_cast<int>(t.inputs.x_q.rows());
  std::vector<StepKey> out;
  for (int h = 0; h < heads; ++h) {
    for (Stage p : {Stage::ProjectQ, Stage::ProjectK, Stage::ProjectV}) out.push_back({p, h, -1});
    if (has_rope(t)) out.push_back({Stage::RopeK, h, -1});  // every key, before any query
    if (g == Granularity::PerQuery) {
      for (int i = 0; i < m; ++i) append_row_keys(t, h, i, out);
    } else {
      append_row_keys(t, h, -1, out);
    }
  }
  out.push_back({Stage::Concat, -1, -1});
  if (has(t, MatrixId::Wo)) out.push_back({Stage::OutputProjection, -1, -1});
  return out;
}

Step build_step(const Scenario& s, const Trace& t, const StepKey& key) {
  Step st = structure(OperandMaker(s, t), t, key);
  st.flagged = touches_fully_masked(st, t.fully_masked_queries);
  describe_step(TextContext{s, t}, st);
  return st;
}

std::vector<Step> build_steps(const Scenario& s, const Trace& t, Granularity g) {
  std::vector<Step> out;
  for (const StepKey& key : step_keys(t, g)) out.push_back(build_step(s, t, key));
  return out;
}

int find_step(const std::vector<Step>& steps, Stage stage, int head, int query) {
  const bool per_head = stage != Stage::Concat && stage != Stage::OutputProjection;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Step& st = steps[k];
    if (st.stage != stage) continue;
    if (per_head && st.head != head) continue;
    if (st.query >= 0 && st.query != query) continue;
    return static_cast<int>(k);
  }
  return -1;
}

}  // namespace attn
