#include "exams/takerregistry.h"

#include "exams/irtaker.h"
#include "exams/llmtaker.h"
#include "retrieval/retrieverregistry.h"

namespace assay {

namespace {

TakerKind irKind()
{
    TakerKind k;
    k.name = QStringLiteral("ir");
    k.synopsis = QStringLiteral("ir[:RETRIEVER[:K]]");
    k.description = QStringLiteral("retrieval over the corpus");
    k.checkedByDefault = true;
    k.parse = [](const QStringList &options, TakerSpec &s) {
        if (options.size() > 2)
            return Status::failure(QStringLiteral("ir takes at most a retriever and k"));
        if (!options.isEmpty()) {
            const RetrieverKind *r = RetrieverRegistry::instance().find(options[0]);
            if (!r || !r->searchesCorpus)
                return Status::failure(QStringLiteral("'%1' is not a corpus retriever (%2)")
                                           .arg(options[0], RetrieverRegistry::instance().corpusRetrievers().join(QStringLiteral(", "))));
            if (r->needsEmbedder)
                return Status::failure(QStringLiteral("'%1' needs an embedding profile, which an exam taker cannot be given; use keyword, tfidf or bm25")
                                           .arg(options[0]));
            s.retriever = options[0];
        }
        if (options.size() > 1) {
            bool ok = false;
            s.k = options[1].toInt(&ok);
            if (!ok || s.k < 1)
                return Status::failure(QStringLiteral("k must be a whole number ≥ 1"));
        }
        s.text = QStringLiteral("ir:%1:%2").arg(s.retriever).arg(s.k);
        return Status();
    };
    k.factors = [](const TakerSpec &s) {
        return nlohmann::json{{"llm", "none"}, {"retriever", s.retriever.toStdString()}, {"k", std::to_string(s.k)}, {"icl", "0"}};
    };
    // The offline panel: the corpus retrievers that need no embedding profile, k 1–10.
    k.offered = [](const QStringList &) {
        QStringList out;
        for (const RetrieverKind *r : RetrieverRegistry::instance().kinds())
            if (r->searchesCorpus && !r->needsEmbedder)
                for (int k : {1, 2, 3, 4, 5, 6, 8, 10})
                    out << QStringLiteral("ir:%1:%2").arg(r->name).arg(k);
        return out;
    };
    k.take = IrTaker::take;
    return k;
}

TakerKind oracleKind()
{
    TakerKind k;
    k.name = QStringLiteral("oracle-ir");
    k.synopsis = k.name;
    k.description = QStringLiteral("the item's own documents");
    k.checkedByDefault = true;
    k.factors = [](const TakerSpec &) { return nlohmann::json{{"llm", "none"}, {"retriever", "oracle"}, {"k", "all"}, {"icl", "0"}}; };
    k.offered = [](const QStringList &) { return QStringList{QStringLiteral("oracle-ir")}; };
    k.take = IrTaker::takeOracle;
    return k;
}

// KIND:PROFILE for each of the project's LLM profiles.
std::function<QStringList(const QStringList &)> perProfile(const QString &kind)
{
    return [kind](const QStringList &profiles) {
        QStringList out;
        for (const QString &p : profiles)
            out << QStringLiteral("%1:%2").arg(kind, p);
        return out;
    };
}

nlohmann::json llmFactors(const TakerSpec &s)
{
    return {{"llm", s.profile.toStdString()}, {"retriever", s.context.isEmpty() ? "none" : s.context.toStdString()}, {"k", "3"}, {"icl", std::to_string(s.icl)}};
}

TakerKind letterKind()
{
    TakerKind k;
    k.name = QStringLiteral("llm-letter");
    k.synopsis = QStringLiteral("llm-letter:PROFILE[:icl=N][:context=R]");
    k.description = QStringLiteral("the LLM names a letter");
    k.needsProfile = true;
    k.parse = [](const QStringList &options, TakerSpec &s) {
        for (const QString &option : options) {
            if (option.startsWith(QLatin1String("icl="))) {
                bool ok = false;
                s.icl = option.mid(4).toInt(&ok);
                if (!ok || s.icl < 0 || s.icl > 8)
                    return Status::failure(QStringLiteral("icl takes 0 to 8"));
            } else if (option.startsWith(QLatin1String("context="))) {
                s.context = option.mid(8);
                const RetrieverKind *r = RetrieverRegistry::instance().find(s.context);
                if (!r)
                    return Status::failure(QStringLiteral("unknown retriever '%1'").arg(s.context));
                if (r->needsEmbedder)
                    return Status::failure(QStringLiteral("context=%1 needs an embedding profile, which an exam taker cannot be given; use keyword, tfidf, bm25 or oracle")
                                               .arg(s.context));
            } else {
                return Status::failure(QStringLiteral("unknown option '%1'").arg(option));
            }
        }
        return Status();
    };
    k.factors = llmFactors;
    k.offered = perProfile(k.name);
    k.take = LlmTaker::takeLetter;
    return k;
}

TakerKind loglikKind()
{
    TakerKind k;
    k.name = QStringLiteral("llm-loglik");
    k.synopsis = QStringLiteral("llm-loglik:PROFILE[:norm]");
    k.description = QStringLiteral("each option's likelihood");
    k.needsProfile = true;
    k.parse = [](const QStringList &options, TakerSpec &s) {
        for (const QString &option : options) {
            if (option != QLatin1String("norm"))
                return Status::failure(QStringLiteral("unknown option '%1'").arg(option));
            s.normalised = true;
        }
        return Status();
    };
    k.factors = llmFactors;
    k.offered = perProfile(k.name);
    k.take = LlmTaker::takeLoglik;
    return k;
}

} // namespace

TakerRegistry::TakerRegistry()
{
    add(irKind());
    add(oracleKind());
    add(letterKind());
    add(loglikKind());
}

TakerRegistry &TakerRegistry::instance()
{
    static TakerRegistry registry;
    return registry;
}

QStringList TakerRegistry::synopses() const
{
    QStringList out;
    for (const TakerKind *k : kinds())
        out << k->synopsis;
    return out;
}

QStringList TakerRegistry::offered(const QStringList &profiles) const
{
    QStringList out;
    for (const TakerKind *k : kinds())
        if (k->offered)
            out << k->offered(profiles);
    return out;
}

} // namespace assay
