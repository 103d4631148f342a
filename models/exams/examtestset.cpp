#include "exams/examtestset.h"

#include "exams/examstore.h"

namespace assay {

Result<QVector<TestSetItem>> ExamTestSet::items(Database &db, const QString &exam)
{
    using R = Result<QVector<TestSetItem>>;
    ExamStore exams(db);
    auto id = exams.idOf(exam);
    if (!id)
        return R::failure(id);
    auto items = exams.items(id.value());
    if (!items)
        return R::failure(items);
    QVector<TestSetItem> out;
    out.reserve(items.value().size());
    for (const ExamItem &e : items.value()) {
        TestSetItem item;
        item.identity = TestSetItem::identityOf(QStringList{QStringLiteral("exam"), e.stem} + e.options);
        item.key = e.key;
        item.query = e.stem;
        item.gold = e.answer >= 0 && e.answer < e.options.size() ? e.options.at(e.answer) : QString();
        item.groupKey = e.sourceRef;
        out << item;
    }
    return out;
}

} // namespace assay
