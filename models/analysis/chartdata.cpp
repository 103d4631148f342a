#include "analysis/chartdata.h"

#include <QLocale>

#include "retrieval/retrieverregistry.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"

#include "analysis/workflowcharts.h"

#include <QHash>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay {

namespace {
constexpr double None = std::numeric_limits<double>::quiet_NaN();
double orNan(const std::optional<double> &v) { return v ? *v : None; }

// Bars are named by their runs (unique names), the pipeline and form going to the tooltip.
// The charts fill c.runs (the runs that have a bar, in bar order); this names their bars.
void nameByRuns(ChartData &c, const QVector<RunAnalysis> &runs)
{
    QHash<QString, QString> details;
    for (const RunAnalysis &r : runs)
        details.insert(r.run, QStringLiteral("%1 · %2").arg(r.pipelineLabel(), r.formLabel()));
    const QString prefix = ChartBuilder::sharedPrefix(c.runs);
    c.categories.clear();
    c.details.clear();
    for (const QString &run : std::as_const(c.runs)) {
        c.categories << ChartBuilder::runCategory(run, prefix);
        c.details << details.value(run);
    }
}
} // namespace

// The fields every per-run chart starts from: kind, id, titles, and its runs in chart order.
ChartData ChartBuilder::header(ChartData::Kind kind, const char *id, const QString &title, const QString &subtitle, const QString &yTitle)
{
    ChartData c;
    c.kind = kind;
    c.id = QString::fromLatin1(id);
    c.title = title;
    c.subtitle = subtitle;
    c.yTitle = yTitle;
    return c;
}

QColor ChartBuilder::tagColor(GroupResult::Tag tag)
{
    switch (tag) {
    case GroupResult::Tag::Gap: return QColor(0xD5, 0x5E, 0x00);       // vermillion
    case GroupResult::Tag::Robust: return QColor(0x00, 0x9E, 0x73);    // bluish green
    case GroupResult::Tag::NonRobust: return QColor(0xE6, 0x9F, 0x00); // orange
    }
    return Qt::gray;
}

QColor ChartBuilder::paletteColor(int i)
{
    static const QColor colors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                    QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00), QColor(0xF0, 0xE4, 0x42), QColor(0x66, 0x66, 0x66)};
    return colors[((i % 8) + 8) % 8];
}

QColor ChartBuilder::taxonomyColor(const QString &type)
{
    // Kept apart from the three tag colours, so no chart suggests "gap" where it means "RE".
    const QColor colors[] = {paletteColor(0), paletteColor(4), paletteColor(3), paletteColor(6), paletteColor(7), QColor(0x22, 0x22, 0x22)};
    const qsizetype i = ResponseTaxonomy::types().indexOf(type);
    return i >= 0 ? colors[i] : Qt::gray;
}

QVector<RunAnalysis> ChartBuilder::ordered(QVector<RunAnalysis> runs)
{
    std::stable_sort(runs.begin(), runs.end(), [](const RunAnalysis &a, const RunAnalysis &b) {
        if (a.pipelineLabel() != b.pipelineLabel())
            return a.pipelineLabel() < b.pipelineLabel();
        return a.formLabel() > b.formLabel(); // "short" before "long"
    });
    return runs;
}

QString ChartBuilder::categoryLabel(const RunAnalysis &run)
{
    // Three short lines fit under a bar (about five characters at 8 pt, for a dozen bars):
    // retriever, k (and reader), form. Longer names are abbreviated; the bar's tooltip names
    // the whole run.
    const auto shortName = [](const QString &name) {
        // A retriever's own short name (RetrieverRegistry), else the name cut to five.
        if (const RetrieverKind *kind = RetrieverRegistry::instance().find(name); kind && !kind->shortName.isEmpty())
            return kind->shortName;
        return name.size() <= 6 ? name : name.left(5) + QStringLiteral("·");
    };
    if (run.retriever.isEmpty())
        return QStringLiteral("%1<br>%2").arg(shortName(run.run.section(QLatin1Char('/'), -1)), shortName(run.formLabel()));
    QString middle = QStringLiteral("k=%1").arg(run.k);
    if (run.reader != QLatin1String("none"))
        middle += QStringLiteral("<br>") + shortName(run.reader.section(QLatin1Char(':'), -1));
    return QStringLiteral("%1<br>%2<br>%3").arg(shortName(run.retriever), middle, shortName(run.formLabel()));
}

QString ChartBuilder::sharedPrefix(const QStringList &runs)
{
    if (runs.size() < 2)
        return {};
    QString prefix = runs.first();
    for (const QString &r : runs) {
        qsizetype n = 0;
        while (n < prefix.size() && n < r.size() && prefix[n] == r[n])
            ++n;
        prefix.truncate(n);
    }
    const qsizetype slash = prefix.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : prefix.left(slash + 1);
}

QString ChartBuilder::runCategory(const QString &run, const QString &sharedPrefix)
{
    const QString name = run.startsWith(sharedPrefix) && run.size() > sharedPrefix.size() ? run.mid(sharedPrefix.size()) : run;
    // A line per path segment ('/'), joined while a line stays within twelve characters; a
    // segment longer than that is broken at '-', '_' or ' ' (the review saw "keyword-" over "k1":
    // a name cut where it fitted whole). A dozen bars on a laptop's chart keep them upright.
    constexpr int Line = 12;
    const auto split = [](const QString &text, const QList<QChar> &at) {
        QStringList pieces;
        QString piece;
        for (const QChar ch : text) {
            piece += ch;
            if (at.contains(ch)) {
                pieces << piece;
                piece.clear();
            }
        }
        if (!piece.isEmpty())
            pieces << piece;
        return pieces;
    };
    const auto joinGreedily = [](const QStringList &pieces, QStringList &lines) {
        bool first = true;
        for (const QString &p : pieces) {
            if (!first && lines.last().size() + p.size() <= Line)
                lines.last() += p;
            else
                lines << p;
            first = false;
        }
    };
    QStringList lines;
    for (const QString &segment : split(name, {QLatin1Char('/')})) {
        QStringList inner;
        if (segment.size() <= Line)
            inner << segment;
        else
            joinGreedily(split(segment, {QLatin1Char('-'), QLatin1Char('_'), QLatin1Char(' ')}), inner);
        for (const QString &l : std::as_const(inner)) {
            if (!lines.isEmpty() && lines.last().endsWith(QLatin1Char('/')) && lines.last().size() + l.size() <= Line && inner.size() == 1)
                lines.last() += l;
            else
                lines << l;
        }
    }
    while (lines.size() > 3) // at most three lines under a bar: the rest joins the third
        lines[2] += lines.takeAt(3);
    for (QString &l : lines)
        l = l.trimmed().toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

QString ChartBuilder::judgedBy(const QVector<RunAnalysis> &runs)
{
    // The settings that decide every number, so two charts of one project can be told apart.
    QStringList judges, retrievalJudges, rules, ceilings;
    for (const RunAnalysis &r : runs) {
        // A retrieval judge no retriever can always pass (top1 with two true documents) says
        // where a perfect retriever would stop (docs/METHODS.md §4.7).
        if (r.grammar.retrievalCeiling && *r.grammar.retrievalCeiling < 1.0)
            ceilings << QStringLiteral("%1 %2").arg(r.run.section(QLatin1Char('/'), -1), QString::number(*r.grammar.retrievalCeiling, 'f', 3));
        if (!judges.contains(r.judge))
            judges << r.judge;
        if (!retrievalJudges.contains(r.retrievalJudge))
            retrievalJudges << r.retrievalJudge;
        const QString rule = r.closedDomain ? QStringLiteral("on") : QStringLiteral("off");
        if (!rules.contains(rule))
            rules << rule;
    }
    QString text = QStringLiteral("judge: %1 · retrieval judge: %2 · closed-domain rule %3 · %4 run(s)")
                       .arg(judges.join(QStringLiteral(", ")), retrievalJudges.join(QStringLiteral(", ")), rules.join(QStringLiteral("/")))
                       .arg(runs.size());
    if (!ceilings.isEmpty())
        text += QStringLiteral(" · a perfect retriever's retrieval accuracy: %1").arg(ceilings.join(QStringLiteral(", ")));
    return text;
}

QString ChartSeries::countText(int i) const
{
    if (i < 0 || i >= n.size() || n[i] < 0)
        return {};
    const QString count = QLocale().toString(n[i]);
    const QString nUnit = nUnits.value(i, this->nUnit);
    return nUnit.isEmpty() ? QStringLiteral(" · n = %1").arg(count) : QStringLiteral(" · n = %1 %2").arg(count, nUnit);
}

QString ChartSeries::numberText(double v)
{
    if (std::isnan(v))
        return QStringLiteral("n/a");
    return std::abs(v) < 10 ? QString::number(v, 'f', 3) : QString::number(v, 'g', 6);
}

QString ChartSeries::valueText(int i) const
{
    QString text = numberText(values.value(i, std::nan("")));
    if (i < low.size() && i < high.size() && !std::isnan(low[i]) && !std::isnan(high[i]))
        text += QStringLiteral(" [%1, %2]").arg(numberText(low[i]), numberText(high[i]));
    return text + countText(i);
}

ChartData ChartBuilder::groupBreakdown(const QVector<RunAnalysis> &input, bool shares)
{
    const QVector<RunAnalysis> runs = ordered(input);
    ChartData c = header(ChartData::Kind::StackedBars, "group-breakdown",
                         shares ? QStringLiteral("Semantic groups by tag (share of groups)") : QStringLiteral("Semantic groups by tag"), judgedBy(runs),
                         shares ? QStringLiteral("share of groups") : QStringLiteral("groups"));
    const GroupResult::Tag tags[] = {GroupResult::Tag::Gap, GroupResult::Tag::NonRobust, GroupResult::Tag::Robust};
    const char *names[] = {"gap", "non-robust", "robust"};
    for (int t = 0; t < 3; ++t) {
        c.series.append({QString::fromLatin1(names[t]), tagColor(tags[t]), {}, {}, {}, {}, {}});
        c.series.last().nUnit = QStringLiteral("groups");
    }
    double top = 0;
    for (const RunAnalysis &r : runs) {
        c.runs << r.run;
        const double total = r.grammar.groups.size();
        const double counts[] = {double(r.grammar.gapGroups), double(r.grammar.nonRobustGroups), double(r.grammar.robustGroups)};
        for (int t = 0; t < 3; ++t) {
            c.series[t].values << (shares ? (total > 0 ? counts[t] / total : 0.0) : counts[t]);
            c.series[t].n << qint64(total); // of the run's groups
        }
        top = std::max(top, total);
    }
    c.yMax = shares ? 1.0 : std::max(1.0, top);
    nameByRuns(c, runs);
    return c;
}

ChartData ChartBuilder::accuracyPanel(const QVector<RunAnalysis> &input, bool commonBasis)
{
    const QVector<RunAnalysis> runs = ordered(input);
    // The common basis: a group is left out only when no run answers any of its examples right.
    commonBasis = commonBasis && runs.size() >= 2;
    QHash<QString, int> correctAnywhere;
    if (commonBasis)
        for (const RunAnalysis &r : runs)
            for (const GroupResult &g : r.grammar.groups)
                correctAnywhere[g.group] += g.correct;
    const auto commonRefined = [&](const RunAnalysis &r) {
        qint64 correct = 0, total = 0;
        for (const GroupResult &g : r.grammar.groups)
            if (correctAnywhere.value(g.group) > 0) {
                correct += g.correct;
                total += g.total;
            }
        return GrammarEval::ratio(correct, total);
    };
    ChartData c = header(ChartData::Kind::Bars, "accuracy", QStringLiteral("Accuracy per run (error bars: 95% bootstrap CI of refined accuracy)"),
                         judgedBy(runs), QStringLiteral("accuracy"));
    c.series = {{QStringLiteral("accuracy"), paletteColor(0), {}, {}, {}, {}, {}},
                {QStringLiteral("refined accuracy"), paletteColor(2), {}, {}, {}, {}, {}},
                {QStringLiteral("retrieval accuracy"), paletteColor(4), {}, {}, {}, {}, {}},
                {QStringLiteral("knowledge accuracy"), paletteColor(3), {}, {}, {}, {}, {}}};
    QStringList unavailable;
    for (const RunAnalysis &r : runs)
        if (!r.grammar.retrievalUnavailable.isEmpty())
            unavailable << r.run;
    if (!unavailable.isEmpty())
        c.subtitle += QStringLiteral(" · retrieval accuracy not available for %1: no true documents (Corpus → Ground Truth → Propose Links)")
                          .arg(unavailable.size() == runs.size() ? QStringLiteral("any run") : unavailable.join(QStringLiteral(", ")));
    // Retrieval accuracy is over the items with known true documents: say on how many.
    QStringList bases;
    qint64 fewest = -1, most = 0;
    for (const RunAnalysis &r : runs)
        if (const QString basis = r.grammar.retrievalBasis(); !basis.isEmpty() && r.grammar.retrievalUnavailable.isEmpty()) {
            bases << basis;
            fewest = fewest < 0 ? r.grammar.retrievalItems : std::min(fewest, r.grammar.retrievalItems);
            most = std::max(most, r.grammar.retrievalItems);
        }
    bases.removeDuplicates();
    if (bases.size() == 1)
        c.subtitle += QStringLiteral(" · retrieval accuracy %1").arg(bases.first());
    else if (bases.size() > 1)
        c.subtitle += QStringLiteral(" · retrieval accuracy on the items with known true documents (%1 to %2 per run)")
                          .arg(QLocale().toString(fewest), QLocale().toString(most));
    // And where those true documents came from (the project's ground truth now).
    if (!bases.isEmpty() && !runs.isEmpty() && !runs.front().truthSources.isEmpty())
        c.subtitle += QStringLiteral(" · %1").arg(runs.front().truthSources);
    // String-match judges meet short and small-number gold answers by chance: say how often.
    qint64 weak = 0, judged = 0;
    for (const RunAnalysis &r : runs)
        if (auto spec = JudgeSpec::parse(r.judge); spec && !spec.value().kind().usesModel && !spec.value().kind().labelled) {
            weak += r.grammar.weaklyJudged;
            judged += r.grammar.n;
        }
    // Items without a verdict (unread) or that failed are left out, never counted wrong.
    for (const RunAnalysis &r : runs)
        if (const QString coverage = r.grammar.coverageText(); !coverage.isEmpty())
            c.subtitle += QStringLiteral(" · %1: %2").arg(r.run, coverage);
    if (weak > 0)
        c.subtitle += QStringLiteral(" · %1 of %2 items weakly judged (gold of ≤ 2 characters or a number below 1000, met by chance by a string match)")
                          .arg(QLocale().toString(weak), QLocale().toString(judged));
    QStringList grounded; // per run, as the retrieval basis is
    for (const RunAnalysis &r : runs)
        if (r.grammar.groundedItems > 0)
            grounded << QLocale().toString(r.grammar.groundedItems);
    grounded.removeDuplicates();
    if (grounded.size() == 1)
        c.subtitle += QStringLiteral(" · answers of retrieval-only runs judged on their true documents' text only (%1 items per run)").arg(grounded.first());
    else if (grounded.size() > 1)
        c.subtitle += QStringLiteral(" · answers of retrieval-only runs judged on their true documents' text only (%1 items per run)").arg(grounded.join(QStringLiteral(" / ")));
    // Runs with human labels: the accuracy's bars take the prediction-powered interval, and
    // the corrected accuracy stands beside it (docs/METHODS.md §5.10).
    qint64 labelled = 0;
    for (const RunAnalysis &r : runs)
        if (r.ppi && r.ppi->ppiAccuracy)
            labelled += r.ppi->labelled;
    if (labelled > 0) {
        c.title = QStringLiteral("Accuracy per run (error bars: 95% CIs)");
        c.subtitle += QStringLiteral(" · corrected by %1 labelled item(s)").arg(labelled);
        // Too few labels: said on the chart itself, with the rule that set the bar's interval.
        for (const RunAnalysis &r : runs)
            if (r.ppi && r.ppi->ppiAccuracy && !r.ppi->reliable())
                c.subtitle += QStringLiteral(" · %1: corrected accuracy not yet reliable: %2 labels%3")
                                  .arg(r.run)
                                  .arg(r.ppi->labelled)
                                  .arg(r.ppi->width == PpiEstimate::Width::LabelsWilson ? QStringLiteral(" (interval widened to the labels' own)") : QString());
        c.series.insert(1, {QStringLiteral("corrected"), paletteColor(1), {}, {}, {}, {}, {}});
    }
    if (commonBasis) {
        QSet<QString> all;
        int gaps = 0;
        for (auto it = correctAnywhere.cbegin(); it != correctAnywhere.cend(); ++it) {
            all.insert(it.key());
            gaps += it.value() == 0;
        }
        c.title = QStringLiteral("Accuracy per run (refined over the groups common to all runs)");
        c.subtitle += QStringLiteral(" · refined accuracy on the %1 groups that are not a gap in every run (of %2, %3 a gap in all), as Compare counts them")
                          .arg(QLocale().toString(all.size() - gaps), QLocale().toString(all.size()), QLocale().toString(gaps));
    }
    const int refined = labelled > 0 ? 2 : 1;
    // What each bar is computed on: items (the refined accuracy: those of the groups it keeps),
    // groups (knowledge accuracy), and the people's labels behind a corrected accuracy.
    for (ChartSeries &s : c.series)
        s.nUnit = s.name == QLatin1String("knowledge accuracy") ? QStringLiteral("groups") : s.name == QLatin1String("corrected") ? QStringLiteral("labels") : QStringLiteral("items");
    for (const RunAnalysis &r : runs) {
        c.runs << r.run;
        const bool corrected = r.ppi && r.ppi->ppiAccuracy;
        const std::optional<double> refinedValue = commonBasis ? commonRefined(r) : r.grammar.refinedAccuracy;
        QVector<double> values{orNan(r.grammar.accuracy), orNan(refinedValue), orNan(r.grammar.retrievalAccuracy), orNan(r.grammar.knowledgeAccuracy)};
        qint64 refinedItems = 0;
        for (const GroupResult &g : r.grammar.groups)
            if (commonBasis ? correctAnywhere.value(g.group) > 0 : g.tag != GroupResult::Tag::Gap)
                refinedItems += g.total;
        QVector<qint64> counts{r.grammar.n, refinedItems, r.grammar.retrievalItems, qint64(r.grammar.groups.size())};
        if (labelled > 0) {
            values.insert(1, corrected ? *r.ppi->ppiAccuracy : None);
            counts.insert(1, corrected ? qint64(r.ppi->labelled) : -1);
        }
        for (int s = 0; s < values.size(); ++s) {
            c.series[s].n << (std::isnan(values[s]) ? -1 : counts[s]);
            c.series[s].values << values[s];
            double low = s == refined && !commonBasis ? orNan(r.refinedLow) : None, high = s == refined && !commonBasis ? orNan(r.refinedHigh) : None;
            if (corrected && s == 1) { // the corrected accuracy with its prediction-powered interval
                low = r.ppi->ppiCi.first;
                high = r.ppi->ppiCi.second;
            }
            c.series[s].low << low;
            c.series[s].high << high;
        }
    }
    nameByRuns(c, runs);
    return c;
}

ChartData ChartBuilder::errorTypeMix(const QVector<RunAnalysis> &input)
{
    const QVector<RunAnalysis> runs = ordered(input);
    ChartData c = header(ChartData::Kind::StackedBars, "error-types", QStringLiteral("Response types (R-Eval taxonomy, share of answers)"),
                         QStringLiteral("F1 threshold 0.05 · %1 run(s)").arg(runs.size()), QStringLiteral("share of answers"));
    const QStringList types = ResponseTaxonomy::types();
    for (int t = 0; t < types.size(); ++t)
        c.series.append({types[t], taxonomyColor(types[t]), {}, {}, {}, {}, {}});
    QStringList notApplicable;
    for (const RunAnalysis &r : runs) {
        if (!r.taxonomy.applicable) { // no model answered: no bar, and the subtitle says why
            notApplicable << r.run;
            continue;
        }
        c.runs << r.run;
        for (int t = 0; t < types.size(); ++t)
            c.series[t].values << (r.taxonomy.n > 0 ? double(r.taxonomy.counts.value(types[t])) / r.taxonomy.n : 0.0);
    }
    if (!notApplicable.isEmpty() && notApplicable.size() == runs.size())
        c.subtitle = QStringLiteral("Not applicable: every run is retrieval-only (reader=none), so no model wrote an answer to classify. "
                                    "Run a pipeline with a reader (on the Runs page, click New Runs…, tick an LLM workflow and click Start) to see response types.");
    else if (!notApplicable.isEmpty())
        c.subtitle += QStringLiteral(" · n/a for retrieval-only runs (no model answered): %1").arg(notApplicable.join(QStringLiteral(", ")));
    nameByRuns(c, runs);
    return c;
}

// The items a run's refined accuracy is computed on: those of the groups that are not a gap.
qint64 ChartBuilder::refinedItems(const RunAnalysis &r)
{
    qint64 n = 0;
    for (const GroupResult &g : r.grammar.groups)
        if (g.tag != GroupResult::Tag::Gap)
            n += g.total;
    return n;
}

ChartData ChartBuilder::radar(const QVector<RunAnalysis> &input)
{
    const QVector<RunAnalysis> runs = ordered(input);
    ChartData c;
    c.kind = ChartData::Kind::Radar;
    c.id = QStringLiteral("radar");
    QStringList forms, pipelines;
    for (const RunAnalysis &r : runs) {
        if (!forms.contains(r.formLabel()))
            forms << r.formLabel();
        if (!pipelines.contains(r.pipelineLabel()))
            pipelines << r.pipelineLabel();
    }
    // A polygon per pipeline, its vertices the pipeline's runs (one per form), each named in the
    // vertex's hover. A pipeline with two runs of one form (the same settings run twice) gets a
    // polygon per run, named by the run: numbering them told nobody which run was which.
    struct Polygon {
        QString name;
        QVector<const RunAnalysis *> runs;
    };
    QVector<Polygon> polygons;
    for (const QString &p : pipelines) {
        QVector<const RunAnalysis *> mine;
        QStringList formsSeen;
        bool twice = false;
        for (const RunAnalysis &r : runs)
            if (r.pipelineLabel() == p) {
                mine << &r;
                twice = twice || formsSeen.contains(r.formLabel());
                formsSeen << r.formLabel();
            }
        if (!twice)
            polygons.push_back({p, mine});
        else
            for (const RunAnalysis *r : mine)
                polygons.push_back({r->run, {r}});
    }
    const bool byForm = forms.size() >= 3;
    const QStringList metrics{QStringLiteral("accuracy"), QStringLiteral("refined"), QStringLiteral("retrieval"), QStringLiteral("knowledge")};
    if (byForm) {
        c.title = QStringLiteral("Refined accuracy per pipeline across query forms");
        c.categories = forms;
    } else {
        // Fewer than three forms: each form contributes four axes (the accuracies), so every
        // pipeline is still one polygon.
        c.title = QStringLiteral("Pipelines across forms and accuracies");
        for (const QString &f : forms)
            for (const QString &m : metrics)
                c.categories << (forms.size() > 1 ? QStringLiteral("%1 · %2").arg(f, m) : m);
    }
    const int axes = int(c.categories.size());
    for (int p = 0; p < polygons.size(); ++p) {
        ChartSeries s{polygons[p].name, paletteColor(p), QVector<double>(axes, None), QVector<double>(axes, None), QVector<double>(axes, None),
                      QStringList(axes, QString()), {}};
        s.n = QVector<qint64>(axes, -1);
        s.nUnits = QStringList(axes, QStringLiteral("items"));
        for (const RunAnalysis *r : polygons[p].runs) {
            const int form = int(forms.indexOf(r->formLabel()));
            // What each axis shows of the run, on what: an unknown value stays unknown (n/a), never 0.
            const auto set = [&](int axis, const std::optional<double> &v, qint64 n, const QString &unit, bool interval) {
                s.values[axis] = orNan(v);
                // The hover's first line: the run behind a pipeline's vertex, or the pipeline of
                // a polygon named by its run.
                s.labels[axis] = polygons[p].name == r->run ? r->pipelineLabel() : QStringLiteral("run %1").arg(r->run);
                s.n[axis] = v ? n : -1;
                s.nUnits[axis] = unit;
                if (interval && v)
                    s.low[axis] = orNan(r->refinedLow), s.high[axis] = orNan(r->refinedHigh);
            };
            if (byForm) {
                set(form, r->grammar.refinedAccuracy, refinedItems(*r), QStringLiteral("items"), true);
                continue;
            }
            const int base = form * 4;
            set(base, r->grammar.accuracy, r->grammar.n, QStringLiteral("items"), false);
            set(base + 1, r->grammar.refinedAccuracy, refinedItems(*r), QStringLiteral("items"), true);
            set(base + 2, r->grammar.retrievalAccuracy, r->grammar.retrievalItems, QStringLiteral("items"), false);
            set(base + 3, r->grammar.knowledgeAccuracy, qint64(r->grammar.groups.size()), QStringLiteral("groups"), false);
        }
        c.series << s;
    }
    c.subtitle = judgedBy(runs);
    for (const RunAnalysis &r : runs)
        c.runs << r.run;
    return c;
}

ChartData ChartBuilder::timeVsScore(const QVector<RunAnalysis> &input)
{
    const QVector<RunAnalysis> runs = ordered(input);
    ChartData c;
    c.kind = ChartData::Kind::Scatter;
    c.id = QStringLiteral("time-vs-score");
    c.title = QStringLiteral("Mean latency vs refined accuracy");
    c.subtitle = judgedBy(runs) + QStringLiteral(" · colour: pipeline, marker: query form");
    c.xTitle = QStringLiteral("mean latency per item (ms)");
    c.yTitle = QStringLiteral("refined accuracy");
    QStringList pipelines, forms;
    QStringList unknown;
    for (const RunAnalysis &r : runs) {
        if (!pipelines.contains(r.pipelineLabel()))
            pipelines << r.pipelineLabel();
        if (!forms.contains(r.formLabel()))
            forms << r.formLabel();
    }
    // One point per run, named by the run (its pipeline and form in the hover): colour by
    // pipeline, marker by form. A run without a refined accuracy has no point and says so.
    for (const RunAnalysis &r : runs) {
        ChartSeries s;
        s.name = r.run;
        s.color = paletteColor(int(pipelines.indexOf(r.pipelineLabel())));
        s.values << orNan(r.grammar.refinedAccuracy);
        s.low << (r.grammar.refinedAccuracy ? orNan(r.refinedLow) : None);
        s.high << (r.grammar.refinedAccuracy ? orNan(r.refinedHigh) : None);
        s.n << (r.grammar.refinedAccuracy ? refinedItems(r) : -1);
        s.nUnit = QStringLiteral("items");
        s.x << r.meanLatencyMs;
        s.labels << QStringLiteral("%1 · %2").arg(r.pipelineLabel(), r.formLabel());
        s.marker = int(forms.indexOf(r.formLabel())) % 4;
        if (!r.grammar.refinedAccuracy)
            unknown << r.run;
        c.series << s;
        c.runs << r.run;
    }
    if (!unknown.isEmpty())
        c.subtitle += QStringLiteral(" · no refined accuracy (not drawn): %1").arg(unknown.join(QStringLiteral(", ")));
    return c;
}

QVector<ChartData> ChartBuilder::all(const QVector<RunAnalysis> &runs)
{
    return QVector<ChartData>{groupBreakdown(runs, false), accuracyPanel(runs), errorTypeMix(runs), radar(runs), timeVsScore(runs)} + WorkflowCharts::all(runs);
}

} // namespace assay
