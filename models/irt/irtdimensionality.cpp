#include "irt/irtdimensionality.h"
#include "core/vectorstate.h"

#include "irt/irtfitter.h"

#include <QMap>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include <Eigen/Dense>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

constexpr int minCommon = 10;       // students two items share before their Q3 counts
constexpr int worstKept = 10;       // pairs listed
constexpr int maxStudents = 300;    // students sampled (seeded) for the eigenvalues beyond
constexpr int simulations = 19;     // draws of the parallel analysis: p = 0.05 at the most extreme
constexpr int q3DecidesFrom = 100;  // students from which Q3 weighs in the verdict

QVector<double> ranks(const QVector<double> &x)
{
    QVector<int> order(x.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int i, int j) { return x[i] < x[j]; });
    QVector<double> r(x.size());
    for (qsizetype i = 0; i < order.size();) {
        qsizetype j = i;
        while (j + 1 < order.size() && x[order[j + 1]] == x[order[i]])
            ++j;
        const double mid = 0.5 * double(i + j) + 1;
        for (qsizetype k = i; k <= j; ++k)
            r[order[k]] = mid;
        i = j + 1;
    }
    return r;
}

double pearson(const QVector<double> &x, const QVector<double> &y)
{
    const qsizetype n = x.size();
    if (n < 3 || y.size() != n)
        return qQNaN();
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / double(n), my = std::accumulate(y.begin(), y.end(), 0.0) / double(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (qsizetype i = 0; i < n; ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : qQNaN();
}

// The share of the score variance a factor's levels explain. The levels are summed in the
// order of their names: a QHash's order changes from process to process (Qt seeds it at
// random), and with it the last digit of the sum.
double eta2(const QVector<double> &score, const QStringList &level)
{
    QMap<QString, std::pair<double, int>> byLevel;
    double mean = 0;
    for (qsizetype i = 0; i < score.size(); ++i) {
        auto &l = byLevel[level.value(i)];
        l.first += score[i];
        l.second += 1;
        mean += score[i];
    }
    mean /= double(std::max<qsizetype>(score.size(), 1));
    double between = 0, total = 0;
    for (const auto &l : std::as_const(byLevel))
        between += l.second * std::pow(l.first / l.second - mean, 2);
    for (double s : score)
        total += (s - mean) * (s - mean);
    return byLevel.size() >= 2 && byLevel.size() < score.size() && total > 0 ? between / total : qQNaN();
}

// The factor whose levels explain most of the students' scores on a dimension (η²), named
// when it explains at least a fifth of them and a permutation test (999 seeded shuffles of
// the levels) puts p below 0.01: scores read from noisy 0/1 residuals rarely reach high η²,
// but a factor behind them stands far above its shuffles.
} // namespace

void IrtDimensionality::nameFactor(const IrtData &data, const QVector<int> &students, const QVector<double> &score, Check *out)
{
    out->secondDimensionFactor.clear();
    out->secondDimensionEta2 = qQNaN();
    out->secondDimensionP = qQNaN();
    for (int f = 0; f < data.factors.size(); ++f) {
        QStringList level;
        for (int s : students)
            level << data.levels.value(s).value(f);
        const double e = eta2(score, level);
        if (std::isnan(e) || (!std::isnan(out->secondDimensionEta2) && e <= out->secondDimensionEta2))
            continue;
        QRandomGenerator rng(20240601);
        int asLarge = 0;
        QStringList shuffled = level;
        for (int k = 0; k < 999; ++k) {
            std::shuffle(shuffled.begin(), shuffled.end(), rng);
            asLarge += eta2(score, shuffled) >= e ? 1 : 0;
        }
        out->secondDimensionEta2 = e;
        out->secondDimensionP = (asLarge + 1) / 1000.0;
        out->secondDimensionFactor = data.factors[f];
    }
    if (!(out->secondDimensionEta2 >= 0.2 && out->secondDimensionP < 0.01))
        out->secondDimensionFactor.clear();
}

double IrtDimensionality::spearman(const QVector<double> &x, const QVector<double> &y) { return pearson(ranks(x), ranks(y)); }

namespace {

struct Spectrum {
    bool ok = false;
    QVector<double> values;   // the first few eigenvalues, largest first
    QVector<double> second;   // the students' scores on the second component
};

// The eigenvalues of the items' phi correlations among these students (missing cells at the
// item's mean; items everyone answered alike left out), in the smaller of the two spaces.
Spectrum spectrumOf(const QVector<QVector<qint8>> &responses, const QVector<int> &students, int items, bool scores)
{
    Spectrum out;
    const int n = int(students.size());
    std::vector<int> used;
    Eigen::MatrixXd z(n, items);
    for (int j = 0; j < items; ++j) {
        double sum = 0;
        int answered = 0;
        for (int s : students)
            if (const qint8 u = responses[s][j]; u >= 0) {
                sum += u;
                ++answered;
            }
        if (answered < 2)
            continue;
        const double mean = sum / answered;
        double ss = 0;
        const qsizetype col = qsizetype(used.size());
        for (int i = 0; i < n; ++i) {
            const qint8 u = responses[students[i]][j];
            const double d = u >= 0 ? u - mean : 0.0;
            z(i, col) = d;
            ss += d * d;
        }
        if (ss <= 1e-12)
            continue;
        z.col(col) /= std::sqrt(ss);
        used.push_back(j);
    }
    if (n < 3 || used.size() < 3)
        return out;
    z.conservativeResize(Eigen::NoChange, qsizetype(used.size()));
    // Unit-norm columns: ZᵀZ is the correlation matrix; Z·Zᵀ has the same nonzero eigenvalues.
    const bool studentSpace = n <= qsizetype(used.size());
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(studentSpace ? Eigen::MatrixXd(z * z.transpose()) : Eigen::MatrixXd(z.transpose() * z),
                                                          scores ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
    if (solver.info() != Eigen::Success)
        return out;
    const Eigen::VectorXd values = solver.eigenvalues(); // ascending
    const qsizetype m = values.size();
    for (qsizetype k = m - 1; k >= 0 && out.values.size() < 5; --k)
        out.values << values[k];
    if (scores && m >= 2) {
        const Eigen::VectorXd second = studentSpace ? Eigen::VectorXd(solver.eigenvectors().col(m - 2)) : Eigen::VectorXd(z * solver.eigenvectors().col(m - 2));
        for (int i = 0; i < n; ++i)
            out.second << second[i];
    }
    out.ok = out.values.size() >= 2;
    return out;
}

} // namespace

IrtDimensionality::Check IrtDimensionality::eigenCheck(const IrtData &data, const QVector<IrtItem> &items, const QVector<double> &theta, bool nameComponent)
{
    Check out;
    // The students kept (all, or a seeded sample when there are many).
    QVector<int> students(data.students.size());
    std::iota(students.begin(), students.end(), 0);
    if (students.size() > maxStudents) {
        QRandomGenerator rng(20240601);
        std::shuffle(students.begin(), students.end(), rng);
        students.resize(maxStudents);
        std::sort(students.begin(), students.end());
    }
    const int J = int(data.items.size());
    const Spectrum observed = spectrumOf(data.responses, students, J, nameComponent && !data.factors.isEmpty());
    if (!observed.ok) {
        out.note = QStringLiteral("too few students or items that tell students apart for the eigenvalues");
        return out;
    }
    out.eigenvalues = observed.values;
    out.eigenRatio = observed.values[1] > 1e-12 ? observed.values[0] / observed.values[1] : qInf();
    if (!observed.second.isEmpty())
        nameFactor(data, students, observed.second, &out);
    // Modified parallel analysis: the second eigenvalue of data drawn from the one-dimensional
    // model itself, with the same students, items and missing cells, 19 times (seeded).
    if (items.size() == J) {
        std::mt19937_64 rng(20240601);
        std::normal_distribution<double> normal(0, 1);
        std::uniform_real_distribution<double> uniform(0, 1);
        QVector<QVector<qint8>> drawn = data.responses;
        QVector<double> seconds;
        for (int r = 0; r < simulations; ++r) {
            for (int s : students) {
                const double t = theta.size() == data.students.size() ? theta[s] : normal(rng);
                for (int j = 0; j < J; ++j)
                    if (data.responses[s][j] >= 0)
                        drawn[s][j] = qint8(uniform(rng) < IrtFitter::probability(items[j].a, items[j].b, items[j].c, t) ? 1 : 0);
            }
            const Spectrum simulated = spectrumOf(drawn, students, J, false);
            if (simulated.ok)
                seconds << simulated.values[1];
        }
        if (!seconds.isEmpty()) {
            out.secondSimulated = std::accumulate(seconds.begin(), seconds.end(), 0.0) / double(seconds.size());
            const auto asLarge = std::count_if(seconds.begin(), seconds.end(), [&](double v) { return v >= observed.values[1]; });
            out.secondP = double(asLarge + 1) / double(seconds.size() + 1);
        }
    }
    out.computed = true;
    return out;
}

IrtDimensionality::Check IrtDimensionality::check(const IrtData &data, const QVector<IrtItem> &items, const QVector<double> &theta, bool weighted)
{
    clearUpperVectorState(); // core/vectorstate.h
    const int n = int(data.students.size()), J = int(data.items.size());
    if (items.size() != J || theta.size() != n) {
        Check out;
        out.note = QStringLiteral("the fit does not match the data");
        return out;
    }
    // The factor is named from the residuals below when it can be; only otherwise from the
    // correlations' second component (no second naming, and its 999 shuffles, done for nothing).
    const bool fromResiduals = !data.factors.isEmpty() && n >= 3;
    Check out = eigenCheck(data, items, theta, !fromResiduals);
    // θ against the share correct and the weighted score.
    QVector<double> share(n), score(n);
    for (int i = 0; i < n; ++i) {
        int answered = 0, right = 0;
        double w = 0;
        for (int j = 0; j < J; ++j)
            if (const qint8 u = data.responses[i][j]; u >= 0) {
                ++answered;
                right += u;
                w += u * items[j].a;
            }
        share[i] = answered ? double(right) / answered : 0;
        score[i] = w;
    }
    out.thetaAccuracySpearman = spearman(theta, share);
    if (weighted)
        out.thetaWeightedScoreSpearman = spearman(theta, score);
    // Yen's Q3 over the pairs of items, from the residuals where answered (0 where not) and the
    // answered mask.
    Eigen::MatrixXd r = Eigen::MatrixXd::Zero(n, J), mask = Eigen::MatrixXd::Zero(n, J); // filled below, then read only
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < J; ++j)
            if (const qint8 u = data.responses[i][j]; u >= 0) {
                r(i, j) = u - IrtFitter::probability(items[j].a, items[j].b, items[j].c, theta[i]);
                mask(i, j) = 1;
            }
    // What the fit leaves: the residuals' leading dimension, and the factor it follows.
    if (fromResiduals) {
        const bool studentSpace = n <= J;
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(studentSpace ? Eigen::MatrixXd(r * r.transpose()) : Eigen::MatrixXd(r.transpose() * r));
        if (solver.info() == Eigen::Success) {
            const qsizetype last = solver.eigenvalues().size() - 1;
            const Eigen::VectorXd lead = studentSpace ? Eigen::VectorXd(solver.eigenvectors().col(last)) : Eigen::VectorXd(r * solver.eigenvectors().col(last));
            QVector<double> score(n);
            QVector<int> everyone(n);
            for (int i = 0; i < n; ++i) {
                score[i] = lead[i];
                everyone[i] = i;
            }
            nameFactor(data, everyone, score, &out);
        }
    }
    std::vector<float> q3;
    q3.reserve(size_t(J) * size_t(std::max(J - 1, 0)) / 2);
    QVector<Pair> worst;
    const auto keep = [&](int j, int k, double q) {
        // To 12 decimals: pairs tied in exact arithmetic (two items answered alike, Q3 = 1) stay
        // tied whatever the last bits of the sums, and are listed in item order.
        q = std::round(q * 1e12) / 1e12;
        q3.push_back(float(q));
        if (worst.size() < worstKept || q > worst.back().q3) {
            worst.append({data.items[j], data.items[k], q});
            std::sort(worst.begin(), worst.end(), [](const Pair &x, const Pair &y) { return x.q3 > y.q3; });
            if (worst.size() > worstKept)
                worst.removeLast();
        }
    };
    // Each block of rows takes the pairs (j, k > j), so the products reach only the columns from
    // the block's first item on: half of the square.
    constexpr int block = 256;
    if (n > 0 && J > 0 && mask.minCoeff() > 0) {
        // Every cell answered (an exam taken in full): a pair's Q3 is the plain correlation of
        // two residual columns, one product of the centred columns scaled to unit length.
        Eigen::MatrixXd z = r.rowwise() - r.colwise().mean();
        QVector<bool> varies(J);
        for (int j = 0; j < J; ++j) {
            const double ss = z.col(j).squaredNorm();
            varies[j] = n * ss > 1e-12; // n·Σ(r−r̄)² is the general case's vj
            z.col(j) /= varies[j] ? std::sqrt(ss) : 1.0;
        }
        for (int from = 0; n >= minCommon && from < J; from += block) {
            const int rows = std::min(block, J - from);
            const Eigen::MatrixXd corr = z.middleCols(from, rows).transpose() * z.rightCols(J - from);
            for (int a = 0; a < rows; ++a)
                for (int k = a + 1; k < J - from; ++k)
                    if (varies[from + a] && varies[from + k])
                        keep(from + a, from + k, corr(a, k));
        }
    } else {
        // Some cells unanswered: each pair's sums over the students who answered both, from six
        // products of the residuals, the answered mask and the squared residuals.
        const Eigen::MatrixXd r2 = r.cwiseProduct(r);
        for (int from = 0; from < J; from += block) {
            const int rows = std::min(block, J - from), right = J - from;
            const Eigen::MatrixXd rb = r.middleCols(from, rows), mb = mask.middleCols(from, rows), r2b = r2.middleCols(from, rows);
            const auto maskRight = mask.rightCols(right), rRight = r.rightCols(right);
            const auto r2Right = r2.rightCols(right);
            const Eigen::MatrixXd common = mb.transpose() * maskRight, sj = rb.transpose() * maskRight, sk = mb.transpose() * rRight,
                                  sjj = r2b.transpose() * maskRight, skk = mb.transpose() * r2Right, sjk = rb.transpose() * rRight;
            for (int a = 0; a < rows; ++a)
                for (int k = a + 1; k < right; ++k) {
                    const double c = common(a, k);
                    if (c < minCommon)
                        continue;
                    const double vj = c * sjj(a, k) - sj(a, k) * sj(a, k), vk = c * skk(a, k) - sk(a, k) * sk(a, k);
                    if (vj <= 1e-12 || vk <= 1e-12)
                        continue;
                    keep(from + a, from + k, (c * sjk(a, k) - sj(a, k) * sk(a, k)) / std::sqrt(vj * vk));
                }
        }
    }
    if (!q3.empty()) {
        double sum = 0, abs = 0, max = 0;
        for (float q : q3) {
            sum += q;
            abs += std::fabs(q);
            max = std::max(max, double(std::fabs(q)));
        }
        out.q3Mean = sum / double(q3.size());
        out.q3MeanAbs = abs / double(q3.size());
        out.q3Max = max;
        out.q3PairsAbove = std::count_if(q3.begin(), q3.end(), [&](float q) { return q - out.q3Mean > q3Bar; });
        out.q3Worst = worst;
    }
    // The verdict: one dominant eigenvalue, and θ ranking as the share correct does; with 100
    // students or more, also no more than 1% of the pairs above the Q3 bar (with fewer, a
    // correlation's own noise, about 1/√students, reaches the bar by itself; with 100, the bar
    // is two of those standard errors, and local independence leaves about 1% of the pairs above).
    const bool eigenOk = !out.secondDimension();
    const bool rankOk = !(out.thetaAccuracySpearman < spearmanBar);
    const bool q3Ok = n < q3DecidesFrom || q3.empty() || out.q3PairsAbove * 100 <= qint64(q3.size());
    out.unidimensional = eigenOk && rankOk && q3Ok;
    out.computed = true;
    return out;
}

QString IrtDimensionality::Check::warning() const
{
    if (!computed || unidimensional)
        return {};
    QStringList why;
    if (secondDimension())
        why << secondText();
    if (thetaAccuracySpearman < spearmanBar)
        why << QStringLiteral("θ ranks the students otherwise than their share correct: Spearman %1").arg(thetaAccuracySpearman, 0, 'f', 2);
    if (why.isEmpty())
        why << QStringLiteral("%1 item pairs with Q3 above its mean by more than %2").arg(q3PairsAbove).arg(q3Bar, 0, 'f', 1);
    QString text = QStringLiteral("the responses have more than one dimension (%1)").arg(why.join(QStringLiteral("; ")));
    if (!secondDimensionFactor.isEmpty())
        text += QStringLiteral("; the second follows the %1 (η² %2, permutation p %3)").arg(secondDimensionFactor).arg(secondDimensionEta2, 0, 'f', 2).arg(secondDimensionP, 0, 'g', 2);
    return text;
}

QString IrtDimensionality::Check::secondText(const QString &model) const
{
    if (std::isnan(secondP))
        return QStringLiteral("eigenvalue ratio %1 (one dimension from %2)").arg(eigenRatio, 0, 'f', 2).arg(eigenRatioBar, 0, 'f', 0);
    return QStringLiteral("second eigenvalue %1 against %2 in data drawn from the %5 (parallel analysis p %3), eigenvalue ratio %4")
        .arg(eigenvalues.value(1), 0, 'f', 1)
        .arg(secondSimulated, 0, 'f', 1)
        .arg(secondP, 0, 'f', 2)
        .arg(eigenRatio, 0, 'f', 2)
        .arg(model.isEmpty() ? QStringLiteral("fitted model") : model);
}

QString IrtDimensionality::Check::rankingNote() const
{
    if (!computed || !(thetaAccuracySpearman < spearmanBar))
        return {};
    if (std::isfinite(thetaWeightedScoreSpearman) && thetaWeightedScoreSpearman > thetaAccuracySpearman)
        return QStringLiteral("θ ranks the students by their weighted score Σ a·u (Spearman %1), not by their share correct (Spearman %2): "
                              "items that discriminate more count more. Fit the 1PL to rank by the share correct.")
            .arg(thetaWeightedScoreSpearman, 0, 'f', 2)
            .arg(thetaAccuracySpearman, 0, 'f', 2);
    return QStringLiteral("θ ranks the students otherwise than their share correct (Spearman %1).").arg(thetaAccuracySpearman, 0, 'f', 2);
}

QString IrtDimensionality::Check::summary() const
{
    if (!computed)
        return QStringLiteral("Dimensionality not checked: %1").arg(note);
    QString text = QStringLiteral("%1: %2, Spearman(θ, share correct) %3")
                       .arg(unidimensional ? QStringLiteral("One dimension") : QStringLiteral("More than one dimension"), secondText())
                       .arg(thetaAccuracySpearman, 0, 'f', 2);
    if (!std::isnan(q3Max))
        text += QStringLiteral(", max |Q3| %1 (mean |Q3| %2, %3 pairs above the bar)").arg(q3Max, 0, 'f', 2).arg(q3MeanAbs, 0, 'f', 2).arg(q3PairsAbove);
    if (!secondDimensionFactor.isEmpty())
        text += QStringLiteral("; the second dimension follows the %1 (η² %2)").arg(secondDimensionFactor).arg(secondDimensionEta2, 0, 'f', 2);
    return text;
}

QString IrtDimensionality::Check::plainWords() const
{
    if (!computed)
        return {};
    QStringList words;
    words << (std::isnan(secondP) ? QStringLiteral("the eigenvalue ratio compares how much of the answers the first and the second dimension explain; "
                                                   "one ability gives a large ratio")
                                  : QStringLiteral("the second eigenvalue measures how strongly the answers follow a second ability; the parallel "
                                                   "analysis compares it with data drawn from the model, which has one ability, so a much larger "
                                                   "second eigenvalue means a second ability the model leaves out"));
    words << QStringLiteral("Spearman(θ, share correct) is 1 when θ ranks the takers exactly as their share correct does");
    if (!std::isnan(q3Max))
        words << QStringLiteral("Q3 is the correlation between two items' answers once θ is accounted for, and |Q3| its size: near 0 when one "
                                "ability explains both items; “the bar” is a Q3 more than %1 above the mean Q3, where a pair of items "
                                "shares something θ does not measure")
                     .arg(q3Bar, 0, 'f', 1);
    if (!secondDimensionFactor.isEmpty())
        words << QStringLiteral("η² (eta squared, 0 to 1) is the share of the takers' differences along the second dimension that the %1 "
                                "explains: near 1, that dimension is the %1")
                     .arg(secondDimensionFactor);
    return QStringLiteral("In plain words: %1.").arg(words.join(QStringLiteral("; ")));
}

nlohmann::json IrtDimensionality::toJson(const Check &c)
{
    const auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
    nlohmann::json worst = nlohmann::json::array();
    for (const Pair &p : c.q3Worst)
        worst.push_back({{"items", {p.first.toStdString(), p.second.toStdString()}}, {"q3", p.q3}});
    nlohmann::json eigen = nlohmann::json::array();
    for (double v : c.eigenvalues)
        eigen.push_back(v);
    nlohmann::json out{{"computed", c.computed},
                       {"q3_max", number(c.q3Max)},
                       {"q3_mean_abs", number(c.q3MeanAbs)},
                       {"q3_mean", number(c.q3Mean)},
                       {"q3_pairs_above", c.q3PairsAbove},
                       {"q3_worst", worst},
                       {"eigenvalues", eigen},
                       {"eigen_ratio", number(c.eigenRatio)},
                       {"second_eigenvalue_simulated", number(c.secondSimulated)},
                       {"second_eigenvalue_p", number(c.secondP)},
                       {"theta_accuracy_spearman", number(c.thetaAccuracySpearman)},
                       {"theta_weighted_score_spearman", number(c.thetaWeightedScoreSpearman)},
                       {"second_dimension_factor", c.secondDimensionFactor.isEmpty() ? nlohmann::json() : nlohmann::json(c.secondDimensionFactor.toStdString())},
                       {"second_dimension_eta2", number(c.secondDimensionEta2)},
                       {"second_dimension_p", number(c.secondDimensionP)},
                       {"unidimensional", c.unidimensional},
                       {"thresholds", {{"parallel_analysis_p", 0.05}, {"q3_relative", q3Bar}, {"spearman", spearmanBar}}}};
    if (!c.note.isEmpty())
        out["note"] = c.note.toStdString();
    if (const QString w = c.warning(); !w.isEmpty())
        out["warning"] = w.toStdString();
    return out;
}

} // namespace assay
