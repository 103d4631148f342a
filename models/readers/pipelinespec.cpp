#include "readers/pipelinespec.h"

#include "readers/readerregistry.h"
#include "retrieval/retrieverregistry.h"

namespace assay {

namespace {

// Splits on commas outside double quotes; a quoted value loses its quotes.
Result<QStringList> splitParts(const QString &text)
{
    QStringList parts;
    QString current;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            if (quoted && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                current += c;
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == QLatin1Char(',') && !quoted) {
            parts << current;
            current.clear();
        } else {
            current += c;
        }
    }
    if (quoted)
        return Result<QStringList>::failure(QStringLiteral("pipeline '%1': a quoted value is not closed").arg(text));
    parts << current;
    parts.removeIf([](const QString &p) { return p.trimmed().isEmpty(); });
    return parts;
}

QString quoted(const QString &value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"')))
        return value;
    return QLatin1Char('"') + QString(value).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

} // namespace

bool PipelineSpec::usesEmbeddings() const
{
    const RetrieverKind *kind = RetrieverRegistry::instance().find(retriever);
    return kind && kind->needsEmbedder;
}

Result<PipelineSpec> PipelineSpec::parse(const QString &text)
{
    using R = Result<PipelineSpec>;
    auto parts = splitParts(text);
    if (!parts)
        return R::failure(parts.error());
    PipelineSpec spec;
    QVector<QPair<QString, QString>> extra; // keys only a registered reader knows, checked once the reader is known
    const auto whole = [&](const QString &value, int minimum, int *out) {
        bool ok = false;
        *out = value.toInt(&ok);
        return ok && *out >= minimum;
    };
    for (const QString &part : parts.value()) {
        const int eq = part.indexOf(QLatin1Char('='));
        const QString key = part.left(eq).trimmed();
        const QString value = eq < 0 ? QString() : part.mid(eq + 1).trimmed();
        if (eq < 0 || value.isEmpty())
            return R::failure(QStringLiteral("pipeline '%1': '%2' is not KEY=VALUE").arg(text, part));
        if (key == QLatin1String("retriever")) {
            if (!RetrieverRegistry::instance().find(value))
                return R::failure(QStringLiteral("pipeline '%1': unknown retriever '%2' (%3)").arg(text, value, RetrieverRegistry::instance().names().join(QStringLiteral(", "))));
            spec.retriever = value;
        } else if (key == QLatin1String("k")) {
            if (!whole(value, 1, &spec.k))
                return R::failure(QStringLiteral("pipeline '%1': k must be a whole number ≥ 1").arg(text));
        } else if (key == QLatin1String("icl")) {
            if (!whole(value, 0, &spec.icl))
                return R::failure(QStringLiteral("pipeline '%1': icl must be a whole number ≥ 0").arg(text));
        } else if (key == QLatin1String("reader")) {
            const QString name = value.section(QLatin1Char(':'), 0, 0);
            const ReaderKind *kind = ReaderRegistry::instance().find(name);
            const bool fits = kind && (kind->argument == ReaderKind::Argument::Profile ? value.size() > name.size() + 1 : !value.contains(QLatin1Char(':')));
            if (!fits)
                return R::failure(QStringLiteral("pipeline '%1': unknown reader '%2' (%3)").arg(text, value, readerKinds().join(QStringLiteral(", "))));
            spec.reader = value;
        } else if (key == QLatin1String("embedder")) {
            spec.embedder = value;
        } else if (key == QLatin1String("prompt")) {
            spec.prompt = value;
        } else if (key == QLatin1String("url")) {
            spec.url = value;
        } else if (key == QLatin1String("request")) {
            spec.requestTemplate = value;
        } else if (key == QLatin1String("answer")) {
            spec.answerPointer = value;
        } else if (key == QLatin1String("ids")) {
            spec.idsPointer = value;
        } else if (key == QLatin1String("context")) {
            spec.contextPointer = value;
        } else if (key == QLatin1String("cmd")) {
            spec.command = value;
        } else if (key == QLatin1String("steps")) {
            if (!whole(value, 1, &spec.steps))
                return R::failure(QStringLiteral("pipeline '%1': steps must be a whole number ≥ 1").arg(text));
        } else if (key == QLatin1String("budget")) {
            bool ok = false;
            spec.budget = value.toLongLong(&ok);
            if (!ok || spec.budget < 0)
                return R::failure(QStringLiteral("pipeline '%1': budget must be a number of tokens ≥ 0 (0: no limit)").arg(text));
        } else if (key == QLatin1String("width")) {
            if (!whole(value, 1, &spec.width))
                return R::failure(QStringLiteral("pipeline '%1': width must be a whole number ≥ 1").arg(text));
        } else {
            extra.append({key, value});
        }
    }
    const ReaderKind *kind = ReaderRegistry::instance().find(spec.readerKind());
    if (!kind)
        return R::failure(QStringLiteral("pipeline '%1': unknown reader '%2'").arg(text, spec.reader));
    for (const auto &[key, value] : extra) {
        bool known = false;
        for (const auto &option : kind->options)
            known = known || option.first == key;
        if (!known)
            return R::failure(QStringLiteral("pipeline '%1': unknown key '%2' (retriever, k, reader, embedder, prompt, icl, url, request, answer, ids, context, cmd, "
                                             "steps, budget, width, or an option of the reader: %3)")
                                  .arg(text, key, ReaderRegistry::instance().optionKeys().join(QStringLiteral(", "))));
        spec.options.insert(key, value);
    }
    // An agent searches the corpus itself through its search tool; oracle and closed-book
    // return fixed contexts per item and have nothing to search with (docs/METHODS.md §2.8).
    if (kind->agentic)
        if (const RetrieverKind *r = RetrieverRegistry::instance().find(spec.retriever); r && !r->searchesCorpus)
            return R::failure(QStringLiteral("pipeline '%1': the %2 workflow searches the corpus itself, and retriever '%3' has nothing to search "
                                             "(it returns fixed contexts per item); use keyword, tfidf, bm25, dense or hybrid")
                                  .arg(text, kind->chartLabel, spec.retriever));
    if (spec.usesEmbeddings() && spec.embedder.isEmpty())
        return R::failure(QStringLiteral("pipeline '%1': retriever '%2' needs embedder=PROFILE (an LLM profile serving /embeddings)").arg(text, spec.retriever));
    if (kind->check)
        if (auto s = kind->check(spec); !s)
            return R::failure(QStringLiteral("pipeline '%1': %2").arg(text, s.error()));
    for (const QString &pointer : {spec.answerPointer, spec.idsPointer, spec.contextPointer})
        if (!pointer.isEmpty() && !pointer.startsWith(QLatin1Char('/')))
            return R::failure(QStringLiteral("pipeline '%1': '%2' is not a JSON pointer (it starts with /)").arg(text, pointer));
    return spec;
}

QString PipelineSpec::text() const
{
    QString out = QStringLiteral("retriever=%1,k=%2,reader=%3").arg(retriever).arg(k).arg(quoted(reader));
    const PipelineSpec defaults;
    const auto add = [&](const char *key, const QString &value, const QString &fallback) {
        if (value != fallback)
            out += QStringLiteral(",%1=%2").arg(QLatin1String(key), quoted(value));
    };
    add("embedder", embedder, defaults.embedder);
    add("prompt", prompt, defaults.prompt);
    add("icl", QString::number(icl), QString::number(defaults.icl));
    add("url", url, defaults.url);
    add("request", requestTemplate, defaults.requestTemplate);
    add("answer", answerPointer, defaults.answerPointer);
    add("ids", idsPointer, defaults.idsPointer);
    add("context", contextPointer, defaults.contextPointer);
    add("cmd", command, defaults.command);
    add("steps", QString::number(steps), QString::number(defaults.steps));
    add("budget", QString::number(budget), QString::number(defaults.budget));
    add("width", QString::number(width), QString::number(defaults.width));
    for (auto it = options.constBegin(); it != options.constEnd(); ++it)
        out += QStringLiteral(",%1=%2").arg(it.key(), quoted(it.value()));
    return out;
}

QStringList PipelineSpec::workflows() { return ReaderRegistry::instance().workflows(); }

QStringList PipelineSpec::readerKinds() { return ReaderRegistry::instance().synopses(); }

bool PipelineSpec::usesLlmReader() const
{
    const ReaderKind *kind = ReaderRegistry::instance().find(readerKind());
    return kind && kind->promptsLlm && !kind->agentic;
}

QString PipelineSpec::workflow() const
{
    const ReaderKind *kind = ReaderRegistry::instance().find(readerKind());
    return reader.contains(QLatin1Char(':')) && kind && kind->agentic ? kind->name : QString();
}

QString PipelineSpec::readerProfile() const
{
    const ReaderKind *kind = ReaderRegistry::instance().find(readerKind());
    return kind && kind->argument == ReaderKind::Argument::Profile ? reader.section(QLatin1Char(':'), 1) : QString();
}

} // namespace assay
