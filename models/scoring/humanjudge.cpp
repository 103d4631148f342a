#include "scoring/humanjudge.h"

namespace assay {

Result<QVector<Judge::Verdict>> HumanJudge::judge(const QVector<Item> &, const Context &)
{
    return Result<QVector<Verdict>>::failure(
        QStringLiteral("human verdicts are people's labels, not a scoring: label items on Analysis → Labels, or import a labels file "
                       "there (Import Labels…) or with assay-cli label import"));
}

} // namespace assay
