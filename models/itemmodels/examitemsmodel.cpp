#include "itemmodels/examitemsmodel.h"

#include "analysis/glossary.h"

#include "project/project.h"

#include "exams/responsematrix.h"

#include "commands/editexamitemcommand.h"
#include "exams/examcuration.h"
#include "exams/examstore.h"

#include <QBrush>
#include <QColor>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay {

namespace {
const char *GridLetters = "ABCD";

// Text in natural order: runs of digits compare as numbers (q9 before q10), the rest by
// QString::localeAwareCompare. QCollator's numeric mode needs ICU, which not every Qt has.
int naturalCompare(const QString &x, const QString &y)
{
    qsizetype i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        if (x[i].isDigit() && y[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < x.size() && x[ei].isDigit())
                ++ei;
            while (ej < y.size() && y[ej].isDigit())
                ++ej;
            // Without leading zeros, a longer run is a larger number; equal lengths compare as text.
            QStringView a = QStringView(x).mid(i, ei - i), b = QStringView(y).mid(j, ej - j);
            while (a.size() > 1 && a.front() == QLatin1Char('0'))
                a = a.mid(1);
            while (b.size() > 1 && b.front() == QLatin1Char('0'))
                b = b.mid(1);
            if (a.size() != b.size())
                return a.size() < b.size() ? -1 : 1;
            if (const int c = a.compare(b); c != 0)
                return c;
            i = ei, j = ej;
            continue;
        }
        qsizetype ei = i, ej = j;
        while (ei < x.size() && !x[ei].isDigit())
            ++ei;
        while (ej < y.size() && !y[ej].isDigit())
            ++ej;
        if (const int c = QString::localeAwareCompare(QStringView(x).mid(i, ei - i), QStringView(y).mid(j, ej - j)); c != 0)
            return c;
        i = ei, j = ej;
    }
    return (i < x.size()) - (j < y.size());
}
} // namespace

ExamItemsModel::ExamItemsModel(Project &project, QObject *parent)
    : QAbstractTableModel(parent), m_project(project), m_curation(project.service<ExamCuration>()), m_undoStack(project.undoStack())
{
    connect(m_curation, &ExamCuration::changed, this, &ExamItemsModel::reload);
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (!m_exam.isEmpty() && !change.fromOwnConnection() && change.touches(ProjectChange::Aggregate::Exams))
            reload();
    });
}

int ExamItemsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int ExamItemsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ExamItemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const ExamItem &it = m_rows[index.row()];
    if (role == IdRole)
        return it.id;
    const bool low = it.a && *it.a < LowDiscrimination;
    const auto fitted = m_fit.constFind(it.key);
    const IrtItem *fit = fitted == m_fit.constEnd() ? nullptr : &fitted.value();
    const ClassicalItem *ctt = classical(it.key);
    const bool misfit = fit && fit->misfit();
    if (role == Qt::ForegroundRole) {
        if (it.state == CurationState::Rejected || !it.filterReason.isEmpty())
            return QBrush(QColor(0x88, 0x88, 0x88));
        if ((index.column() == A && low) || (index.column() == FitP && misfit) || (index.column() == Flags && ctt && !ctt->flags.isEmpty()))
            return QBrush(QColor(0xB2, 0x22, 0x22));
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == A && low)
            return tr("Low discrimination (a < %1): the item hardly separates strong from weak students.").arg(LowDiscrimination);
        if ((index.column() == SeA || index.column() == SeB || index.column() == SeC) && fit && !fit->onBound.isEmpty())
            return tr("On a bound of its box (%1): a limit, not an estimate, so no standard error.").arg(fit->onBound.join(QStringLiteral(", ")));
        if (index.column() == FitP && fit && std::isfinite(fit->sx2) && !std::isfinite(fit->sx2PAdjusted))
            return tr("No p-value: S-X² %1 on %2 degrees of freedom after pooling the sparse score groups, too few to test the item's fit.")
                .arg(fit->sx2, 0, 'f', 2).arg(fit->sx2Df);
        if (index.column() == FitP && fit && std::isfinite(fit->sx2))
            return tr("Orlando–Thissen S-X² %1 on %2 df, p %3, Benjamini–Hochberg adjusted %4%5")
                .arg(fit->sx2, 0, 'f', 2).arg(fit->sx2Df).arg(fit->sx2P, 0, 'g', 3).arg(fit->sx2PAdjusted, 0, 'g', 3)
                .arg(misfit ? tr(": the item does not fit the model") : QString());
        if (index.column() == Flags && ctt) {
            QStringList lines = ctt->flags;
            for (int g = 0; g < 3; ++g)
                lines << tr("%1 third (%2): A %3  B %4  C %5  D %6").arg(ClassicalAnalysis::groupName(g)).arg(ctt->groupSizes[size_t(g)])
                             .arg(ctt->shares[size_t(g)][0], 0, 'f', 2).arg(ctt->shares[size_t(g)][1], 0, 'f', 2)
                             .arg(ctt->shares[size_t(g)][2], 0, 'f', 2).arg(ctt->shares[size_t(g)][3], 0, 'f', 2);
            return lines.join(QLatin1Char('\n'));
        }
        if (index.column() == Stem)
            return it.stem;
        if (index.column() == Key) // a long key is cut in its narrow column
            return it.key;
        if (index.column() >= OptionA && index.column() <= OptionD) // narrow columns: the whole option on hover
            return it.options.value(index.column() - OptionA);
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const auto number = [](const std::optional<double> &v) { return v ? QVariant(QString::number(*v, 'f', 2)) : QVariant(); };
    const auto finite = [](double v, bool held) {
        return held ? QVariant(tr("bound")) : std::isfinite(v) ? QVariant(QString::number(v, 'f', 2)) : QVariant();
    };
    switch (Column(index.column())) {
    case Key: return it.key;
    case Stem: return it.stem;
    case OptionA:
    case OptionB:
    case OptionC:
    case OptionD: return it.options.value(index.column() - OptionA);
    case Answer: return QString(QLatin1Char(GridLetters[std::clamp(it.answer, 0, 3)]));
    case Bloom: return it.bloom.join(QStringLiteral(", "));
    case Type: return it.questionType;
    case Source: return it.sourceRef + (it.sourceDocs.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(it.sourceDocs.join(QStringLiteral(", "))));
    case Reason: return it.filterReason;
    case State: return curationStateName(it.state);
    case A: return role == Qt::DisplayRole && low ? QVariant(number(it.a).toString() + QStringLiteral(" ⚠")) : number(it.a);
    case B: return number(it.b);
    case C: return number(it.c);
    case SeA: return fit ? finite(fit->seA, fit->onBound.contains(QLatin1String("a"))) : QVariant();
    case SeB: return fit ? finite(fit->seB, fit->onBound.contains(QLatin1String("b"))) : QVariant();
    case SeC: return fit ? finite(fit->seC, fit->onBound.contains(QLatin1String("c"))) : QVariant();
    case FitP: return fit && std::isfinite(fit->sx2PAdjusted) ? QVariant(QString::number(fit->sx2PAdjusted, 'f', 3) + (misfit ? QStringLiteral(" ⚠") : QString())) : QVariant();
    case Rmsea: return fit ? finite(fit->rmsea, false) : QVariant();
    case PCorrect: return ctt ? finite(ctt->pCorrect, false) : QVariant();
    case PointBiserial: return ctt ? finite(ctt->pointBiserial, false) : QVariant();
    case Flags: return ctt && !ctt->flags.isEmpty() ? QVariant(ctt->flags.join(QStringLiteral("; "))) : QVariant();
    case ColumnCount: break;
    }
    return {};
}

Qt::ItemFlags ExamItemsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Stem || (index.column() >= OptionA && index.column() <= Answer))
        f |= Qt::ItemIsEditable;
    return f;
}

bool ExamItemsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= m_rows.size())
        return false;
    const ExamItem &it = m_rows[index.row()];
    QString stem = it.stem;
    QStringList options = it.options;
    int answer = it.answer;
    const QString text = value.toString().trimmed();
    if (index.column() == Stem) {
        stem = text;
    } else if (index.column() == Answer) {
        answer = text.size() == 1 ? int(QByteArray(GridLetters).indexOf(text.toUpper().at(0).toLatin1())) : -1;
        if (answer < 0) {
            emit editRejected(tr("The key is a letter: A, B, C or D."));
            return false;
        }
    } else {
        options[index.column() - OptionA] = text;
        if (text.isEmpty()) {
            emit editRejected(tr("An option cannot be empty."));
            return false;
        }
    }
    if (stem == it.stem && options == it.options && answer == it.answer)
        return false;
    QString error;
    auto *command = new EditExamItemCommand(m_curation, it.id, stem, options, answer);
    command->reportErrorsTo(&error);
    m_undoStack->push(command);
    if (!error.isEmpty())
        emit editRejected(error);
    return error.isEmpty();
}

QVariant ExamItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole) || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char *names[] = {"Item", "Stem", "A", "B", "C", "D", "Key", "Bloom", "Type", "Source", "Filtered", "State",
                                  "a", "b", "c", "SE a", "SE b", "SE c", "S-X² p adj", "RMSEA", "p correct", "r pb", "Flags"};
    const QString name = QString::fromUtf8(names[section]);
    if (role == Qt::ToolTipRole) { // what the IRT and classical columns mean; options A–D are plain
        if (section >= Bloom)
            if (auto term = Glossary::find(name))
                return term->definition;
        return {};
    }
    return tr(names[section]);
}

void ExamItemsModel::setExam(const QString &exam)
{
    m_exam = exam;
    reload();
}

void ExamItemsModel::setFilter(const Filter &filter)
{
    m_filter = filter;
    beginResetModel();
    m_rows.clear();
    for (const ExamItem &it : std::as_const(m_all))
        if (matches(it))
            m_rows << it;
    orderRows();
    endResetModel();
}

void ExamItemsModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column, m_sortOrder = order;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QVector<qint64> ids;
    for (const QModelIndex &i : before)
        ids << m_rows.value(i.row()).id;
    orderRows();
    QHash<qint64, int> rowOf;
    for (int r = 0; r < m_rows.size(); ++r)
        rowOf.insert(m_rows[r].id, r);
    QModelIndexList after;
    for (int k = 0; k < before.size(); ++k)
        after << index(rowOf.value(ids[k], -1), before[k].column());
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

// The chosen column's order (none: the exam's); numbers as numbers, text in natural order
// (q9 before q10), an unknown value (no fit yet, no takes) last in either direction.
void ExamItemsModel::orderRows()
{
    if (m_sortColumn < 0 || m_sortColumn >= ColumnCount) {
        QHash<qint64, int> place;
        for (int p = 0; p < m_all.size(); ++p)
            place.insert(m_all[p].id, p);
        std::stable_sort(m_rows.begin(), m_rows.end(), [&](const ExamItem &x, const ExamItem &y) { return place.value(x.id) < place.value(y.id); });
        return;
    }
    struct Keyed {
        double number;
        QString text;
        ExamItem item;
    };
    const bool numeric = (m_sortColumn >= A && m_sortColumn <= PointBiserial);
    QVector<Keyed> keyed;
    keyed.reserve(m_rows.size());
    for (int r = 0; r < m_rows.size(); ++r)
        keyed.push_back({numeric ? numberOf(m_rows[r], m_sortColumn) : 0.0, numeric ? QString() : data(index(r, m_sortColumn), Qt::DisplayRole).toString(), m_rows[r]});
    const bool down = m_sortOrder == Qt::DescendingOrder;
    std::stable_sort(keyed.begin(), keyed.end(), [&](const Keyed &x, const Keyed &y) {
        if (numeric) {
            if (std::isnan(x.number) || std::isnan(y.number))
                return !std::isnan(x.number) && std::isnan(y.number);
            return down ? y.number < x.number : x.number < y.number;
        }
        if (x.text.isEmpty() || y.text.isEmpty())
            return !x.text.isEmpty() && y.text.isEmpty();
        const int c = naturalCompare(x.text, y.text);
        return down ? c > 0 : c < 0;
    });
    for (int r = 0; r < keyed.size(); ++r)
        m_rows[r] = std::move(keyed[r].item);
}

double ExamItemsModel::numberOf(const ExamItem &it, int column) const
{
    constexpr double unknown = std::numeric_limits<double>::quiet_NaN();
    const auto fitted = m_fit.constFind(it.key);
    const IrtItem *fit = fitted == m_fit.constEnd() ? nullptr : &fitted.value();
    const ClassicalItem *ctt = classical(it.key);
    switch (column) {
    case A: return it.a.value_or(unknown);
    case B: return it.b.value_or(unknown);
    case C: return it.c.value_or(unknown);
    case SeA: return fit ? fit->seA : unknown;
    case SeB: return fit ? fit->seB : unknown;
    case SeC: return fit ? fit->seC : unknown;
    case FitP: return fit ? fit->sx2PAdjusted : unknown;
    case Rmsea: return fit ? fit->rmsea : unknown;
    case PCorrect: return ctt ? ctt->pCorrect : unknown;
    case PointBiserial: return ctt ? ctt->pointBiserial : unknown;
    default: return unknown;
    }
}

bool ExamItemsModel::matches(const ExamItem &it) const
{
    if (!m_filter.bloom.isEmpty() && !it.bloom.contains(m_filter.bloom))
        return false;
    if (!m_filter.type.isEmpty() && it.questionType != m_filter.type)
        return false;
    if (!m_filter.source.isEmpty() && !it.sourceRef.contains(m_filter.source, Qt::CaseInsensitive)
        && !it.sourceDocs.join(QLatin1Char(' ')).contains(m_filter.source, Qt::CaseInsensitive))
        return false;
    if (m_filter.reason == QLatin1String("kept"))
        return it.filterReason.isEmpty();
    return m_filter.reason.isEmpty() || it.filterReason == m_filter.reason;
}

void ExamItemsModel::reload()
{
    ExamStore &store = *m_project.service<ExamStore>();
    auto id = store.idOf(m_exam);
    auto items = id ? store.items(id.value(), false) : Result<QVector<ExamItem>>::failure(id);
    if (!items && !m_exam.isEmpty())
        qWarning("Exam items: %s", qPrintable(items.error()));
    m_all = items ? items.take() : QVector<ExamItem>();
    // Classical statistics need only the takes: they are there before any IRT fit.
    m_classical.clear();
    if (id) {
        auto classical = ResponseMatrix::classical(m_project.database(), m_exam);
        if (classical) {
            for (const ClassicalItem &c : classical.value())
                m_classical.insert(c.id, c);
        } else if (!classical.error().contains(QLatin1String("not been taken"))) {
            qWarning("Exam items: %s", qPrintable(classical.error()));
        }
    }
    setFilter(m_filter);
}

void ExamItemsModel::setFitDiagnostics(const QVector<IrtItem> &items)
{
    m_fit.clear();
    for (const IrtItem &it : items)
        m_fit.insert(it.id, it);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, SeA), index(int(m_rows.size()) - 1, Rmsea));
}

const ClassicalItem *ExamItemsModel::classical(const QString &key) const
{
    const auto it = m_classical.constFind(key);
    return it == m_classical.constEnd() ? nullptr : &it.value();
}

QStringList ExamItemsModel::bloomLevels() const
{
    QStringList out;
    for (const ExamItem &it : m_all)
        for (const QString &b : it.bloom)
            if (!out.contains(b))
                out << b;
    out.sort();
    return out;
}

QStringList ExamItemsModel::questionTypes() const
{
    QStringList out;
    for (const ExamItem &it : m_all)
        if (!out.contains(it.questionType))
            out << it.questionType;
    out.sort();
    return out;
}

QStringList ExamItemsModel::filterReasons() const
{
    QStringList out;
    for (const ExamItem &it : m_all)
        if (!it.filterReason.isEmpty() && !out.contains(it.filterReason))
            out << it.filterReason;
    out.sort();
    return out;
}

} // namespace assay
