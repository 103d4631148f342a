#include "analysis/glossary.h"

#include "analysis/chartdata.h"

#include <QObject>

namespace assay {

namespace {

struct Entry {
    const char *name;
    const char *definition;
};

// Definitions in the words of docs/user-guide.md; R-Eval's response types as its paper
// defines them (token F1 of at least 0.05 counts as a match).
const Entry entries[] = {
    {"accuracy", "The share of a run's judged answers that the chosen judge found correct (Score… on the Runs page). Under the "
                 "closed-domain rule an answer counts only when the retrieval was right too."},
    {"retrieval accuracy", "The share of items whose retrieved text includes a true document of the item's semantic group. It needs "
                           "ground truth: Corpus → Ground Truth → Propose Links or Import Links File."},
    {"corrected", "The accuracy corrected by people's labels (Analysis → Labels): the judge's accuracy minus its mean error on the "
                  "labelled items (prediction-powered). Its interval holds whatever the judge's errors, when the labels are a random sample."},
    {"knowledge accuracy", "The share of semantic groups that are not gaps: the pipeline answered at least one wording of the question."},
    {"refined accuracy", "The accuracy over the queries of the groups that are not gaps: the retriever's and the LLM's own weakness, "
                         "with the missing knowledge set aside."},
    {"gap", "A semantic group none of whose wordings was answered correctly: the knowledge is missing from the corpus or out of the "
            "pipeline's reach."},
    {"robust", "A semantic group answered correctly in every wording."},
    {"non-robust", "A semantic group answered in some wordings and not in others: the knowledge is there, but the retriever or the "
                   "LLM depends on the phrasing."},
    {"EM", "Exact match with evidence: the answer matches the gold and the gold was in the retrieved text or the trace."},
    {"AM", "Answer match without evidence: right, but the gold was not retrieved — the model's own knowledge or a lucky guess."},
    {"GE", "Grounding error: the gold was retrieved, yet the answer does not match it."},
    {"RE", "Reasoning error: the gold was neither retrieved nor answered, and nothing failed."},
    {"ME", "Model error: a call to the model or a tool failed, and the answer does not match."},
    {"TE", "Tool-use error: the step limit or the token budget ended the run of the item before an answer matched."},
    {"F1", "Token F1: the overlap of the answer's words with the gold answer's (harmonic mean of precision and recall over "
           "normalised tokens), averaged over items. A retrieval-only run writes no answer: n/a."},
    {"a", "Discrimination: how sharply the item separates weaker from stronger students (the slope of its curve at b)."},
    {"b", "Difficulty: the ability at which a student is halfway between the guessing floor and certainty."},
    {"c", "Guessing floor (3PL): the chance that the weakest student still answers right; about 0.25 for four options."},
    {"SE a", "Standard error of a: how far the estimate of the discrimination may be off."},
    {"SE b", "Standard error of b: how far the estimate of the difficulty may be off."},
    {"SE c", "Standard error of c: how far the estimate of the guessing floor may be off."},
    {"S-X² p adj", "Orlando and Thissen's item-fit test, its p-value adjusted for testing many items (Benjamini–Hochberg): small "
                   "values mean the item does not follow the model."},
    {"RMSEA", "Root mean square error of approximation of the item's fit: below about 0.05 fits well, above 0.1 poorly."},
    {"p correct", "The share of students who answered the item right."},
    {"r pb", "Point-biserial correlation between answering the item right and the rest score: negative values flag a suspect key."},
    {"Flags", "Why an item stands out: misfit, negative discrimination, a floor or ceiling, or few answers."},
    {"Bloom", "The item's Bloom category (remember, understand, apply, analyse, evaluate, create), from its question's verbs."},
    {"ability", "θ: a student's (a pipeline's) place on the scale the items are calibrated on; 0 is the panel's average."},
    {"information", "How precisely the exam measures at an ability: the sum of the items' information; its inverse square root is "
                    "the standard error of θ there."},
    {"halted", "Items stopped by the step limit or the token budget, or by an error."},
    {"deflection", "The share of answers that decline to answer (\"I cannot find…\"): right when the corpus lacks the fact, a miss "
                   "when it states it."},
    {"judge", "Who decided whether an answer is correct: exact (the same normalised text as the gold), contains (the gold in the "
              "answer, or in the retrieved text for a retrieval-only run), f1 (token F1 above a threshold) or llm:PROFILE (an LLM "
              "compares answer and gold). Score… on the Runs page adds a judge; the Analysis page's judge box picks one."},
    {"covered", "The default retrieval judge: a retrieval is right when the retrieved documents hold every true document of the "
                "item's semantic group (Corpus → Ground Truth), or as many as were retrieved — at k = 1, the first document is a "
                "true one. A perfect retriever passes it at every k."},
    {"top1", "GRAMMAR's retrieval judge: right only when the first retrieved document is the whole set of true documents, so a "
             "group with two true documents can never pass."},
    {"closed-domain rule", "With the rule on, an answer counts as correct only when its retrieval was right too. Auto turns it on "
                           "for runs with a reader (an LLM) and off for retrieval-only runs, whose verdicts are already about "
                           "retrieval."},
    {"attribution F1", "How well the answer's cited documents match the documents that state the fact: harmonic mean of citation "
                       "precision and recall."},
};

} // namespace

std::optional<Glossary::Term> Glossary::find(const QString &name)
{
    const QString key = name.trimmed();
    for (const Entry &e : entries)
        if (key.compare(QString::fromUtf8(e.name), Qt::CaseSensitive) == 0)
            return Term{QString::fromUtf8(e.name), QObject::tr(e.definition)};
    for (const Entry &e : entries) // "Accuracy", "Gap", "Robust": headers and series capitalise
        if (key.compare(QString::fromUtf8(e.name), Qt::CaseInsensitive) == 0 && QString::fromUtf8(e.name).size() > 2)
            return Term{QString::fromUtf8(e.name), QObject::tr(e.definition)};
    return std::nullopt;
}

QString Glossary::reading(const QString &id)
{
    if (id == QLatin1String("group-breakdown"))
        return QObject::tr("One bar per run: its semantic groups split into gaps, robust and non-robust groups. Many gaps point at the "
                           "knowledge base or the retriever; many non-robust groups at sensitivity to wording. Click a bar to inspect its groups.");
    if (id == QLatin1String("accuracy"))
        return QObject::tr("Per run: accuracy, refined accuracy (gaps set aside) with its interval, knowledge accuracy and retrieval "
                           "accuracy; for runs with human labels, the corrected accuracy with its interval. A missing retrieval accuracy "
                           "says why in the subtitle.");
    if (id.startsWith(QLatin1String("error-types")))
        return QObject::tr("R-Eval's response types: each bar splits a run's answers by whether they match the gold and whether the "
                           "gold was in the retrieved text or the trace.");
    if (id.startsWith(QLatin1String("radar")))
        return QObject::tr("One polygon per pipeline; each axis a query form or task level. A polygon pulled in on one axis shows the "
                           "wording or level that pipeline handles worst.");
    if (id.startsWith(QLatin1String("time-vs")))
        return QObject::tr("Each point a run: its mean time per item against its score. Up and to the left is better.");
    if (id == QLatin1String("cost-per-correct"))
        return QObject::tr("What one correct answer costs per run: the run's total cost divided by its correct answers.");
    if (id == QLatin1String("item-characteristic"))
        return QObject::tr("Each curve an item: the chance of a right answer against ability. Steeper curves discriminate more; curves "
                           "further right are harder; the left end is the guessing floor.");
    if (id == QLatin1String("item-information") || id.endsWith(QLatin1String("-information")))
        return QObject::tr("Where on the ability scale the items measure precisely: a peak means the items tell students apart best "
                           "around that ability.");
    if (id.endsWith(QLatin1String("standard-error")))
        return QObject::tr("The standard error of an ability estimate from each group of items: lower is more precise.");
    if (id == QLatin1String("abilities"))
        return QObject::tr("Each student's (pipeline's) estimated ability with its interval, and in the hierarchical model the parts "
                           "due to the LLM, the retriever and in-context examples.");
    if (id == QLatin1String("shortform-error"))
        return QObject::tr("For each method of choosing N items: the mean absolute error (MAE) between a left-out taker's accuracy "
                           "estimated from N items and its accuracy on the whole exam. Lower is better; random is the baseline.");
    if (id == QLatin1String("shortform-kendall"))
        return QObject::tr("For each method of choosing N items: Kendall's τ between the takers' ranking by their estimated accuracy "
                           "and their ranking on the whole exam. 1 is the same order, 0 no relation; higher is better.");
    if (id == QLatin1String("adaptive-trace"))
        return QObject::tr("An adaptive take item by item: the ability estimate (estimated θ) after each answer, the band ± its standard error. "
                           "The band narrows as answers come in; the take stops when the SE reaches the target or at the maximum.");
    if (id == QLatin1String("improvement"))
        return QObject::tr("Test information after each round of dropping weak items: the exam should keep its information where the "
                           "students are while getting shorter.");
    return {};
}

QString Glossary::explain(const QStringList &names)
{
    QStringList lines, seen;
    for (const QString &n : names) {
        const std::optional<Term> term = find(n);
        if (!term || seen.contains(term->name))
            continue;
        seen << term->name;
        lines << QStringLiteral("<b>%1</b> — %2").arg(term->name.toHtmlEscaped(), term->definition.toHtmlEscaped());
    }
    return lines.join(QStringLiteral("<br>"));
}

QString Glossary::explainChart(const ChartData &chart)
{
    QStringList names;
    for (const ChartSeries &s : chart.series)
        names << s.name;
    if (chart.id.startsWith(QLatin1String("item-")) || chart.id.endsWith(QLatin1String("information")))
        names << QStringLiteral("information");
    if (chart.id == QLatin1String("item-characteristic"))
        names << QStringLiteral("a") << QStringLiteral("b") << QStringLiteral("c");
    if (chart.id == QLatin1String("abilities"))
        names << QStringLiteral("ability");
    if (chart.id.startsWith(QLatin1String("time-vs-f1")))
        names << QStringLiteral("F1");
    if (chart.subtitle.contains(QLatin1String("judge:"))) // the settings every per-run number depends on
        names << QStringLiteral("judge") << QStringLiteral("covered") << QStringLiteral("top1") << QStringLiteral("closed-domain rule");
    const QString read = reading(chart.id);
    const QString terms = explain(names);
    QStringList parts;
    if (!read.isEmpty())
        parts << read.toHtmlEscaped();
    if (!chart.subtitle.isEmpty())
        parts << QObject::tr("<i>This chart:</i> %1").arg(chart.subtitle.toHtmlEscaped());
    if (!terms.isEmpty())
        parts << terms;
    return parts.join(QStringLiteral("<br><br>"));
}

} // namespace assay
