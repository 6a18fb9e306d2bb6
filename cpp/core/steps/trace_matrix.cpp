// trace_matrix (steps.h): the matrix of a trace that a MatrixId names, for the steps' operands and
// for the page, which looks matrices up by the ids of a step.
#include <stdexcept>

#include "steps/steps.h"

namespace attn {

const Matrix& trace_matrix(const Trace& t, MatrixId id, int head) {
  switch (id) {
    case MatrixId::Xq:
      return t.inputs.x_q;
    case MatrixId::Xkv:
      return t.inputs.x_kv;
    case MatrixId::Wq:
      return t.inputs.w_q;
    case MatrixId::Wk:
      return t.inputs.w_k;
    case MatrixId::Wv:
      return t.inputs.w_v;
    case MatrixId::Q:
      return t.heads.at(head).q;
    case MatrixId::K:
      return t.heads.at(head).k;
    case MatrixId::V:
      return t.heads.at(head).v;
    case MatrixId::Scores:
      return t.heads.at(head).scores;
    case MatrixId::Scaled:
      return t.heads.at(head).scaled;
    case MatrixId::Masked:
      return t.heads.at(head).masked;
    case MatrixId::Weights:
      return t.heads.at(head).weights;
    case MatrixId::HeadOutput:
      return t.heads.at(head).output;
    case MatrixId::Concat:
      return t.concat;
    case MatrixId::Wo:
      return t.inputs.w_o.value();
    case MatrixId::Output:
      return t.output;
    case MatrixId::WBilinear:
      return t.inputs.w_bilinear.value();
    case MatrixId::WAdditiveQ:
      return t.inputs.w_additive_q.value();
    case MatrixId::WAdditiveK:
      return t.inputs.w_additive_k.value();
    case MatrixId::VAdditive:
      return t.inputs.v_additive.value();
    case MatrixId::BQ:
      return t.inputs.b_q.value();
    case MatrixId::BK:
      return t.inputs.b_k.value();
    case MatrixId::BV:
      return t.inputs.b_v.value();
    case MatrixId::BO:
      return t.inputs.b_o.value();
  }
  throw std::invalid_argument("unknown MatrixId");
}

}  // namespace attn
