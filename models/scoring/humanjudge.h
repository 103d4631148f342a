#pragma once
// The judge "human[:NAME]": its verdicts are people's labels (Analysis → Labels, or a labels
// file), never computed, so scoring with it is refused with where labels are made.
#include "scoring/judge.h"

namespace assay {

class HumanJudge : public Judge {
public:
    Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &context) override;
};

} // namespace assay
