#pragma once
// A queue between one producer thread and one consumer thread that holds at most `capacity`
// items: the producer waits while it is full, so memory stays bounded however fast it reads.
// Either side may close it: the producer when it is done, the consumer when it stops early
// (a failure or a cancel), which makes the producer's next push() return false.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace assay {

template <typename T>
class BoundedQueue {
public:
    explicit BoundedQueue(std::size_t capacity) : m_capacity(capacity < 1 ? 1 : capacity) {}

    // Waits for room; false (the item dropped) once the queue is closed.
    bool push(T item)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_closed || m_items.size() < m_capacity; });
        if (m_closed)
            return false;
        m_items.push_back(std::move(item));
        m_notEmpty.notify_one();
        return true;
    }

    // The next item, or nothing when none came within `timeout` or the queue is closed and
    // empty (drained() tells which).
    std::optional<T> pop(std::chrono::milliseconds timeout)
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait_for(lock, timeout, [&] { return m_closed || !m_items.empty(); });
        if (m_items.empty())
            return std::nullopt;
        T item = std::move(m_items.front());
        m_items.pop_front();
        m_notFull.notify_one();
        return item;
    }

    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notFull.notify_all();
        m_notEmpty.notify_all();
    }

    // Closed and nothing left to pop.
    bool drained() const
    {
        std::lock_guard lock(m_mutex);
        return m_closed && m_items.empty();
    }

private:
    const std::size_t m_capacity;
    mutable std::mutex m_mutex;
    std::condition_variable m_notFull;
    std::condition_variable m_notEmpty;
    std::deque<T> m_items;
    bool m_closed = false;
};

} // namespace assay
