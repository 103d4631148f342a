#pragma once
// The list behind every extension point (judges, readers, ...): kinds by name, in the order
// they were added, with stable addresses (specs keep pointers to their kind). Adding a kind
// whose name is taken replaces it in place. Thread-safe.
#include <QMutex>
#include <QMutexLocker>
#include <QString>
#include <QVector>

#include <memory>
#include <vector>

namespace assay {

template <class Kind>
class Registry {
public:
    void add(Kind kind)
    {
        QMutexLocker lock(&m_mutex);
        for (auto &existing : m_kinds)
            if (existing->name == kind.name) {
                *existing = std::move(kind);
                return;
            }
        m_kinds.push_back(std::make_unique<Kind>(std::move(kind)));
    }
    // Null when no kind has that name.
    const Kind *find(const QString &name) const
    {
        QMutexLocker lock(&m_mutex);
        for (const auto &k : m_kinds)
            if (k->name == name)
                return k.get();
        return nullptr;
    }
    QVector<const Kind *> kinds() const
    {
        QMutexLocker lock(&m_mutex);
        QVector<const Kind *> out;
        for (const auto &k : m_kinds)
            out << k.get();
        return out;
    }

protected:
    Registry() = default;

private:
    mutable QMutex m_mutex;
    std::vector<std::unique_ptr<Kind>> m_kinds;
};

} // namespace assay
