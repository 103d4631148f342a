#include "runs/pipelinespec.h"

#include "retrieval/retriever.h"

#include <QStringList>

namespace assay {

Result<PipelineSpec> PipelineSpec::parse(const QString &text)
{
    using R = Result<PipelineSpec>;
    PipelineSpec spec;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString key = part.section(QLatin1Char('='), 0, 0).trimmed();
        const QString value = part.section(QLatin1Char('='), 1).trimmed();
        if (!part.contains(QLatin1Char('=')) || value.isEmpty())
            return R::failure(QStringLiteral("pipeline '%1': '%2' is not KEY=VALUE").arg(text, part));
        if (key == QLatin1String("retriever")) {
            if (!Retriever::names().contains(value))
                return R::failure(QStringLiteral("pipeline '%1': unknown retriever '%2' (%3)").arg(text, value, Retriever::names().join(QStringLiteral(", "))));
            spec.retriever = value;
        } else if (key == QLatin1String("k")) {
            bool ok = false;
            spec.k = value.toInt(&ok);
            if (!ok || spec.k < 1)
                return R::failure(QStringLiteral("pipeline '%1': k must be a whole number ≥ 1").arg(text));
        } else if (key == QLatin1String("reader")) {
            if (value != QLatin1String("none"))
                return R::failure(QStringLiteral("pipeline '%1': reader '%2' is not available yet (readers: none)").arg(text, value));
            spec.reader = value;
        } else {
            return R::failure(QStringLiteral("pipeline '%1': unknown key '%2' (retriever, k, reader)").arg(text, key));
        }
    }
    return spec;
}

QString PipelineSpec::text() const { return QStringLiteral("retriever=%1,k=%2,reader=%3").arg(retriever).arg(k).arg(reader); }

} // namespace assay
