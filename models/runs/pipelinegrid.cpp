#include "runs/pipelinegrid.h"

namespace assay {

Result<QVector<PipelineSpec>> PipelineGrid::expand(const QString &text)
{
    using R = Result<QVector<PipelineSpec>>;
    // Split into KEY=V1|V2 parts (commas inside quotes belong to the value).
    QStringList parts;
    QString current;
    bool quoted = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('"'))
            quoted = !quoted;
        if (c == QLatin1Char(',') && !quoted) {
            parts << current;
            current.clear();
        } else {
            current += c;
        }
    }
    parts << current;
    QStringList combinations{QString()};
    for (const QString &part : parts) {
        if (part.trimmed().isEmpty())
            continue;
        const int eq = part.indexOf(QLatin1Char('='));
        const QString key = part.left(eq);
        const QStringList values = eq < 0 || part.contains(QLatin1Char('"')) ? QStringList{part.mid(eq + 1)} : part.mid(eq + 1).split(QLatin1Char('|'));
        QStringList next;
        for (const QString &prefix : combinations)
            for (const QString &v : values)
                next << (prefix.isEmpty() ? QString() : prefix + QLatin1Char(',')) + (eq < 0 ? part : key + QLatin1Char('=') + v);
        combinations = next;
    }
    QVector<PipelineSpec> specs;
    for (const QString &c : combinations) {
        auto spec = PipelineSpec::parse(c);
        if (!spec)
            return R::failure(spec.error());
        bool duplicate = false;
        for (const PipelineSpec &s : specs)
            duplicate = duplicate || s.text() == spec.value().text();
        if (!duplicate)
            specs << spec.value();
    }
    return specs;
}

QVector<QPair<QString, PipelineSpec>> PipelineGrid::named(const QString &base, const QVector<PipelineSpec> &specs)
{
    QVector<QPair<QString, PipelineSpec>> out;
    if (specs.size() == 1) {
        out.append({base, specs.first()});
        return out;
    }
    bool retrievers = false, ks = false, readers = false;
    for (const PipelineSpec &s : specs) {
        retrievers = retrievers || s.retriever != specs.first().retriever;
        ks = ks || s.k != specs.first().k;
        readers = readers || s.reader != specs.first().reader;
    }
    for (const PipelineSpec &s : specs) {
        QStringList bits;
        if (retrievers)
            bits << s.retriever;
        if (ks)
            bits << QStringLiteral("k%1").arg(s.k);
        if (readers)
            bits << QString(s.reader).replace(QLatin1Char(':'), QLatin1Char('-'));
        if (bits.isEmpty())
            bits << QString::number(out.size() + 1);
        out.append({base + QLatin1Char('/') + bits.join(QLatin1Char('-')), s});
    }
    // Pipelines that differ only in other options (icl, prompt, …) are numbered.
    for (int i = 0; i < out.size(); ++i)
        for (int j = i + 1; j < out.size(); ++j)
            if (out[j].first == out[i].first)
                out[j].first += QStringLiteral("-%1").arg(j + 1);
    return out;
}

} // namespace assay
